package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AddDirtyFlagTest {
    private static SourceText text(String s) { return new SourceText("src/a/AccountBean.java", s, StandardCharsets.ISO_8859_1, false); }

    private static final String ACCOUNT = """
            package a;

            public class AccountBean implements EntityBean {
                private EntityContext context;
                private DataSource dataSource;
                private String userID;
                private double balance; // in cents

                public String ejbCreate(String userID, double openBalance) throws CreateException {
                    this.userID = userID;
                    this.balance = openBalance;
                    insert();
                    return userID;
                }

                public void ejbPostCreate(String userID, double openBalance) {
                }

                public double getBalance() {
                    return balance;
                }

                public void debit(double amount) {
                    if (amount > balance) {
                        throw new EJBException("insufficient funds");
                    }
                    balance = balance - amount;
                }

                public double reset() {
                    double old = balance;
                    clear();
                    return old;
                }

                private void clear() {
                    balance = 0;
                }

                public void ejbLoad() {
                    userID = (String) context.getPrimaryKey();
                    read();
                }

                private void read() {
                    // SELECT balance ...
                    this.balance = 1;
                }

                public void ejbStore() {
                    // UPDATE accountejb SET balance = ? WHERE userid = ?
                    update(balance, userID);
                }

                public void setEntityContext(EntityContext ctx) { context = ctx; }
            }
            """;

    @Test
    void mutatorsSetTheFlagTheCallbacksClearItAndEjbStoreChecksIt() {
        AddDirtyFlag.Rewrite r = AddDirtyFlag.rewrite(text(ACCOUNT), "AccountBean");
        assertThat(r).isInstanceOf(AddDirtyFlag.Rewrite.Planned.class);
        AddDirtyFlag.Rewrite.Planned p = (AddDirtyFlag.Rewrite.Planned) r;
        assertThat(p.mutators()).containsExactly("debit", "reset");
        assertThat(p.change().applyTo(ACCOUNT)).isEqualTo("""
                package a;

                public class AccountBean implements EntityBean {
                    private EntityContext context;
                    private DataSource dataSource;
                    private String userID;
                    private double balance; // in cents
                    /** Set when a business method changes the persistent state: ejbStore writes only then. */
                    private transient boolean dirty;

                    public String ejbCreate(String userID, double openBalance) throws CreateException {
                        this.userID = userID;
                        this.balance = openBalance;
                        insert();
                        return userID;
                    }

                    public void ejbPostCreate(String userID, double openBalance) {
                        dirty = false;
                    }

                    public double getBalance() {
                        return balance;
                    }

                    public void debit(double amount) {
                        if (amount > balance) {
                            throw new EJBException("insufficient funds");
                        }
                        balance = balance - amount;
                        dirty = true;
                    }

                    public double reset() {
                        dirty = true;
                        double old = balance;
                        clear();
                        return old;
                    }

                    private void clear() {
                        balance = 0;
                    }

                    public void ejbLoad() {
                        userID = (String) context.getPrimaryKey();
                        read();
                        dirty = false;
                    }

                    private void read() {
                        // SELECT balance ...
                        this.balance = 1;
                    }

                    public void ejbStore() {
                        if (!dirty) {
                            return;
                        }
                        // UPDATE accountejb SET balance = ? WHERE userid = ?
                        update(balance, userID);
                        dirty = false;
                    }

                    public void setEntityContext(EntityContext ctx) { context = ctx; }
                }
                """);
    }

    @Test
    void crlfTabsAndAnExistingDirtyFieldAreRespected() {
        String before = ("class B {\n\tprivate int dirty;\n\tprivate int n;\n\tpublic void setN(int v) { n = v; }\n"
                + "\tpublic void ejbLoad() {\n\t\tn = 1;\n\t}\n\tpublic void ejbStore() {\n\t\tsave(n);\n\t}\n}\n");
        // A one-line mutator cannot take the flag line by line: declined with the place.
        assertThat(AddDirtyFlag.rewrite(text(before.replace("\n", "\r\n")), "B"))
                .isInstanceOfSatisfying(AddDirtyFlag.Rewrite.NotApplicable.class,
                        n -> assertThat(n.reason()).isEqualTo("src/a/AccountBean.java:4: setN's closing brace shares its line with code"));
        String multiLine = before.replace("public void setN(int v) { n = v; }", "public void setN(int v) {\n\t\tn = v;\n\t}").replace("\n", "\r\n");
        AddDirtyFlag.Rewrite r = AddDirtyFlag.rewrite(text(multiLine), "B");
        assertThat(r).isInstanceOf(AddDirtyFlag.Rewrite.Planned.class);
        assertThat(((AddDirtyFlag.Rewrite.Planned) r).change().applyTo(multiLine)).isEqualTo(("class B {\n\tprivate int dirty;\n\tprivate int n;\n"
                + "\t/** Set when a business method changes the persistent state: ejbStore writes only then. */\n"
                + "\tprivate transient boolean modified;\n"
                + "\tpublic void setN(int v) {\n\t\tn = v;\n\t\tmodified = true;\n\t}\n"
                + "\tpublic void ejbLoad() {\n\t\tn = 1;\n\t\tmodified = false;\n\t}\n"
                + "\tpublic void ejbStore() {\n\t\tif (!modified) {\n\t\t\treturn;\n\t\t}\n\t\tsave(n);\n\t\tmodified = false;\n\t}\n}\n")
                .replace("\n", "\r\n"));
    }

    @Test
    void aFieldChangedInPlaceMakesItsMethodAMutatorAndAnAbstractBeanIsDeclined() {
        String before = """
                class OrderBean {
                    private java.util.List lines;
                    private java.util.Date shipped;
                    public int count() {
                        return lines.size();
                    }
                    public void addLine(Object line) {
                        lines.add(line);
                    }
                    public void ship(long when) {
                        shipped.setTime(when);
                    }
                    public void ejbLoad() {
                        lines = read();
                        shipped = new java.util.Date();
                    }
                    public void ejbStore() {
                        write(lines, shipped);
                    }
                }
                """;
        AddDirtyFlag.Rewrite r = AddDirtyFlag.rewrite(text(before), "OrderBean");
        assertThat(r).isInstanceOfSatisfying(AddDirtyFlag.Rewrite.Planned.class,
                p -> assertThat(p.mutators()).containsExactly("addLine", "ship"));
        assertThat(AddDirtyFlag.rewrite(text(before.replace("class OrderBean", "abstract class OrderBean")), "OrderBean"))
                .isInstanceOfSatisfying(AddDirtyFlag.Rewrite.NotApplicable.class,
                        n -> assertThat(n.reason()).contains("abstract"));
    }

    @Test
    void aStoreThatAlreadyChecksIsLeftAlone() {
        String after = ((AddDirtyFlag.Rewrite.Planned) AddDirtyFlag.rewrite(text(ACCOUNT), "AccountBean")).change().applyTo(ACCOUNT);
        assertThat(AddDirtyFlag.rewrite(text(after), "AccountBean")).isInstanceOf(AddDirtyFlag.Rewrite.NotApplicable.class);
    }
}
