package io.wanlint.bench;

import io.wanlint.bench.DomainModule.Field;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the EJB tier of one domain module: value object, entity (BMP, CMP or JPA), DAO, session
 * façade (EJB 2.x home/remote/bean or EJB 3 {@code @Stateless} with a {@code @Remote} business
 * interface), and the optional stateful bean, message-driven bean, remote legacy entity and
 * read-only reference entity. Data access stays inside the EJB tier here, which is what keeps the
 * clean parts clean: façade methods read and write each entity in balance, and only the
 * planted methods call out over HTTP inside a transaction.
 */
final class EjbTierSources {
    static final String DATASOURCE = "java:comp/env/jdbc/ErpDS";
    static final String COMMON = "com.acme.erp.common";
    static final String PARTNER_URL = "http://partner-gateway.acme-partners.example:8080/edi/inbound";

    private final Random random;
    private final PlainLogic logic;
    private final int year;
    private final List<GeneratedFile> out = new ArrayList<>();

    EjbTierSources(Random random, PlainLogic logic, int year) {
        this.random = random;
        this.logic = logic;
        this.year = year;
    }

    /** All EJB-tier files of the module, in a fixed order. */
    List<GeneratedFile> write(DomainModule m) {
        out.clear();
        valueObject(m);
        switch (m.persistence()) {
            case BMP -> {
                entityInterfaces(m, m.name(), m.fields(), false);
                bmpBean(m, m.name(), m.table(), m.fields());
            }
            case CMP -> {
                entityInterfaces(m, m.name(), m.fields(), false);
                cmpBean(m, m.name(), m.fields());
            }
            case JPA -> jpaEntity(m, m.name(), m.table(), m.fields());
        }
        dao(m);
        if (m.ejb3()) {
            ejb3Facade(m);
        } else {
            ejb2FacadeInterfaces(m);
            ejb2FacadeBean(m);
        }
        if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) {
            entityInterfaces(m, m.historyEntity(), historyFields(), true);
            bmpBean(m, m.historyEntity(), m.table() + "_HISTORY", historyFields());
        }
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            switch (m.persistence()) {
                case BMP -> {
                    entityInterfaces(m, m.referenceEntity(), m.referenceFields(), false);
                    bmpBean(m, m.referenceEntity(), m.table() + "_TYPE", m.referenceFields());
                }
                case CMP -> {
                    entityInterfaces(m, m.referenceEntity(), m.referenceFields(), false);
                    cmpBean(m, m.referenceEntity(), m.referenceFields());
                }
                case JPA -> jpaEntity(m, m.referenceEntity(), m.table() + "_TYPE", m.referenceFields());
            }
        }
        if (m.stateful()) worksheet(m);
        if (m.messageDriven()) messageDrivenBean(m);
        return List.copyOf(out);
    }

    /** The fields of the legacy remote entity that {@link PlantedPattern#REMOTE_ENTITY_SERVLET} reads. */
    static List<Field> historyFields() {
        return List.of(new Field("action", Field.Type.STRING), new Field("actor", Field.Type.STRING),
                new Field("detail", Field.Type.STRING), new Field("viewCount", Field.Type.INT));
    }

    private SourceText start(String pkg) {
        SourceText s = new SourceText().javaHeader("Acme Corporation", year);
        return s.line("package " + pkg + ";").blank();
    }

    private void emit(DomainModule m, String sub, String simple, SourceText s) {
        out.add(new GeneratedFile(m.file(sub, simple), s.toString()));
    }

    private static String params(List<Field> fields) {
        StringBuilder b = new StringBuilder("String id");
        for (Field f : fields) b.append(", ").append(f.type().java).append(' ').append(f.name());
        return b.toString();
    }

    private static String args(String target, List<Field> fields) {
        StringBuilder b = new StringBuilder(target + ".getId()");
        for (Field f : fields) b.append(", ").append(target).append('.').append(f.getter()).append("()");
        return b.toString();
    }

    private void plainMethods(SourceText s, int min, int max, String modifiers) {
        int n = min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) logic.method(s, modifiers);
    }

    // ---------------------------------------------------------------- value object

    private void valueObject(DomainModule m) {
        String cls = m.valueClass();
        SourceText s = start(m.pkg("vo"));
        s.line("import java.io.Serializable;").blank();
        s.line("/**").line(" * Transfer object carrying one " + m.name() + " between the tiers.").line(" */");
        s.open("public class " + cls + " implements Serializable");
        s.line("private static final long serialVersionUID = " + (1000L + random.nextInt(1_000_000)) + "L;").blank();
        s.line("private String id;");
        for (Field f : m.fields()) s.line("private " + f.type().java + " " + f.name() + ";");
        s.blank().open("public " + cls + "()").close();
        s.blank().open("public " + cls + "(String id)").line("this.id = id;").close();
        s.blank().open("public String getId()").line("return id;").close();
        s.blank().open("public void setId(String id)").line("this.id = id;").close();
        for (Field f : m.fields()) {
            s.blank().open("public " + f.type().java + " " + f.getter() + "()").line("return " + f.name() + ";").close();
            s.blank().open("public void " + f.setter() + "(" + f.type().java + " " + f.name() + ")")
                    .line("this." + f.name() + " = " + f.name() + ";").close();
        }
        s.blank().open("public boolean equals(Object other)");
        s.open("if (!(other instanceof " + cls + "))").line("return false;").close();
        s.line(cls + " that = (" + cls + ") other;");
        s.line("return id == null ? that.id == null : id.equals(that.id);");
        s.close();
        s.blank().open("public int hashCode()").line("return id == null ? 0 : id.hashCode();").close();
        s.blank().open("public String toString()");
        s.line("StringBuffer buf = new StringBuffer(\"" + cls + "[id=\");");
        s.line("buf.append(id);");
        for (Field f : m.fields()) s.line("buf.append(\", " + f.name() + "=\").append(" + f.name() + ");");
        s.line("buf.append(']');");
        s.line("return buf.toString();");
        s.close();
        s.close();
        emit(m, "vo", cls, s);
    }

    // ---------------------------------------------------------------- EJB 2.x entities

    /** Home and component interfaces of an EJB 2.x entity: local views, or remote views when {@code remote}. */
    private void entityInterfaces(DomainModule m, String entity, List<Field> fields, boolean remote) {
        String home = remote ? entity + "Home" : entity + "LocalHome";
        String component = remote ? entity : entity + "Local";
        String rex = remote ? ", RemoteException" : "";
        SourceText s = start(m.pkg("ejb"));
        if (remote) s.line("import java.rmi.RemoteException;");
        s.line("import java.util.Collection;").blank();
        s.line("import javax.ejb.CreateException;");
        s.line(remote ? "import javax.ejb.EJBHome;" : "import javax.ejb.EJBLocalHome;");
        s.line("import javax.ejb.FinderException;").blank();
        s.line("/**").line(" * " + (remote ? "Remote" : "Local") + " home of the " + entity + " entity bean.").line(" */");
        s.open("public interface " + home + " extends " + (remote ? "EJBHome" : "EJBLocalHome"));
        s.line(component + " create(" + params(fields) + ") throws CreateException" + rex + ";").blank();
        s.line(component + " findByPrimaryKey(String key) throws FinderException" + rex + ";").blank();
        s.line("Collection findAll() throws FinderException" + rex + ";");
        s.close();
        emit(m, "ejb", home, s);

        s = start(m.pkg("ejb"));
        if (remote) s.line("import java.rmi.RemoteException;").blank();
        s.line(remote ? "import javax.ejb.EJBObject;" : "import javax.ejb.EJBLocalObject;").blank();
        s.line("/**").line(" * " + (remote ? "Remote" : "Local") + " view of one " + entity + ".").line(" */");
        s.open("public interface " + component + " extends " + (remote ? "EJBObject" : "EJBLocalObject"));
        s.line("String getId()" + (remote ? " throws RemoteException" : "") + ";");
        for (Field f : fields) {
            s.blank();
            s.line(f.type().java + " " + f.getter() + "()" + (remote ? " throws RemoteException" : "") + ";");
            s.line("void " + f.setter() + "(" + f.type().java + " " + f.name() + ")" + (remote ? " throws RemoteException" : "") + ";");
        }
        s.close();
        emit(m, "ejb", component, s);
    }

    private void bmpBean(DomainModule m, String entity, String table, List<Field> fields) {
        String cls = entity + "Bean";
        SourceText s = start(m.pkg("ejb"));
        for (String i : List.of("java.sql.Connection", "java.sql.PreparedStatement", "java.sql.ResultSet",
                "java.sql.SQLException", "java.util.ArrayList", "java.util.Collection")) s.line("import " + i + ";");
        s.blank();
        for (String i : List.of("javax.ejb.CreateException", "javax.ejb.EJBException", "javax.ejb.EntityBean",
                "javax.ejb.EntityContext", "javax.ejb.FinderException", "javax.ejb.NoSuchEntityException",
                "javax.ejb.ObjectNotFoundException", "javax.ejb.RemoveException", "javax.naming.InitialContext",
                "javax.naming.NamingException", "javax.sql.DataSource")) s.line("import " + i + ";");
        s.blank();
        s.line("/**").line(" * Bean-managed persistence of " + entity + " rows in " + table + ".")
                .line(" * ejbStore writes only when a setter changed the state.").line(" */");
        s.open("public class " + cls + " implements EntityBean");
        s.line("private static final String DATASOURCE = \"" + DATASOURCE + "\";").blank();
        s.line("private EntityContext context;");
        s.line("private String id;");
        for (Field f : fields) s.line("private " + f.type().java + " " + f.name() + ";");
        s.line("private boolean dirty;");

        StringBuilder cols = new StringBuilder("ID");
        StringBuilder marks = new StringBuilder("?");
        StringBuilder sets = new StringBuilder();
        for (Field f : fields) {
            cols.append(", ").append(f.column());
            marks.append(", ?");
            if (sets.length() > 0) sets.append(", ");
            sets.append(f.column()).append(" = ?");
        }
        // ejbCreate
        s.blank().open("public String ejbCreate(" + params(fields) + ") throws CreateException");
        s.line("this.id = id;");
        for (Field f : fields) s.line("this." + f.name() + " = " + f.name() + ";");
        s.line("Connection con = null;").line("PreparedStatement ps = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"INSERT INTO " + table + " (" + cols + ") VALUES (" + marks + ")\");");
        s.line("ps.setString(1, id);");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            s.line("ps.set" + f.type().jdbc + "(" + (i + 2) + ", " + f.name() + ");");
        }
        s.line("ps.executeUpdate();");
        s.reopen("catch (SQLException e)").line("throw new CreateException(\"cannot insert " + entity + " \" + id + \": \" + e.getMessage());");
        s.reopen("finally").line("close(null, ps, con);").close();
        s.line("dirty = false;").line("return id;").close();
        s.blank().open("public void ejbPostCreate(" + params(fields) + ")").line("// nothing to do after the insert").close();
        // finders
        s.blank().open("public String ejbFindByPrimaryKey(String key) throws FinderException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"SELECT ID FROM " + table + " WHERE ID = ?\");");
        s.line("ps.setString(1, key);").line("rs = ps.executeQuery();");
        s.open("if (!rs.next())").line("throw new ObjectNotFoundException(\"no " + entity + " \" + key);").close();
        s.line("return key;");
        s.reopen("catch (SQLException e)").line("throw new EJBException(e);");
        s.reopen("finally").line("close(rs, ps, con);").close();
        s.close();
        s.blank().open("public Collection ejbFindAll() throws FinderException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"SELECT ID FROM " + table + " ORDER BY ID\");");
        s.line("rs = ps.executeQuery();").line("Collection keys = new ArrayList();");
        s.open("while (rs.next())").line("keys.add(rs.getString(1));").close();
        s.line("return keys;");
        s.reopen("catch (SQLException e)").line("throw new EJBException(e);");
        s.reopen("finally").line("close(rs, ps, con);").close();
        s.close();
        // load / store / remove
        s.blank().open("public void ejbLoad()");
        s.line("id = (String) context.getPrimaryKey();");
        s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"SELECT " + cols.substring(4) + " FROM " + table + " WHERE ID = ?\");");
        s.line("ps.setString(1, id);").line("rs = ps.executeQuery();");
        s.open("if (!rs.next())").line("throw new NoSuchEntityException(\"" + entity + " \" + id + \" was removed\");").close();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            s.line(f.name() + " = rs.get" + f.type().jdbc + "(" + (i + 1) + ");");
        }
        s.line("dirty = false;");
        s.reopen("catch (SQLException e)").line("throw new EJBException(e);");
        s.reopen("finally").line("close(rs, ps, con);").close();
        s.close();
        s.blank().open("public void ejbStore()");
        s.open("if (!dirty)").line("return;").close();
        s.line("Connection con = null;").line("PreparedStatement ps = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"UPDATE " + table + " SET " + sets + " WHERE ID = ?\");");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            s.line("ps.set" + f.type().jdbc + "(" + (i + 1) + ", " + f.name() + ");");
        }
        s.line("ps.setString(" + (fields.size() + 1) + ", id);").line("ps.executeUpdate();").line("dirty = false;");
        s.reopen("catch (SQLException e)").line("throw new EJBException(e);");
        s.reopen("finally").line("close(null, ps, con);").close();
        s.close();
        s.blank().open("public void ejbRemove() throws RemoveException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"DELETE FROM " + table + " WHERE ID = ?\");");
        s.line("ps.setString(1, id);").line("ps.executeUpdate();");
        s.reopen("catch (SQLException e)").line("throw new RemoveException(e.getMessage());");
        s.reopen("finally").line("close(null, ps, con);").close();
        s.close();
        s.blank().open("public void setEntityContext(EntityContext ctx)").line("this.context = ctx;").close();
        s.blank().open("public void unsetEntityContext()").line("this.context = null;").close();
        s.blank().open("public void ejbActivate()").line("id = (String) context.getPrimaryKey();").close();
        s.blank().open("public void ejbPassivate()").line("id = null;").close();
        s.blank().open("public String getId()").line("return id;").close();
        for (Field f : fields) {
            s.blank().open("public " + f.type().java + " " + f.getter() + "()").line("return " + f.name() + ";").close();
            s.blank().open("public void " + f.setter() + "(" + f.type().java + " " + f.name() + ")")
                    .line("this." + f.name() + " = " + f.name() + ";").line("dirty = true;").close();
        }
        connectionMethods(s);
        plainMethods(s, 0, 2, "private static");
        s.close();
        emit(m, "ejb", cls, s);
    }

    /** {@code getConnection()} through the container's DataSource, and a quiet {@code close}. */
    private static void connectionMethods(SourceText s) {
        s.blank().open("private Connection getConnection() throws SQLException");
        s.open("try");
        s.line("InitialContext ic = new InitialContext();");
        s.line("DataSource ds = (DataSource) ic.lookup(DATASOURCE);");
        s.line("return ds.getConnection();");
        s.reopen("catch (NamingException e)").line("throw new EJBException(e);").close();
        s.close();
        quietClose(s, "closing is best effort: the transaction outcome is already decided");
    }

    /** A static {@code close(rs, ps, con)} that closes what is open and ignores failures, saying why in {@code comment}. */
    private static void quietClose(SourceText s, String comment) {
        s.blank().open("private static void close(ResultSet rs, PreparedStatement ps, Connection con)");
        s.open("try");
        s.open("if (rs != null)").line("rs.close();").close();
        s.open("if (ps != null)").line("ps.close();").close();
        s.open("if (con != null)").line("con.close();").close();
        s.reopen("catch (SQLException ignored)").line("// " + comment).close();
        s.close();
    }

    private void cmpBean(DomainModule m, String entity, List<Field> fields) {
        String cls = entity + "Bean";
        SourceText s = start(m.pkg("ejb"));
        s.line("import javax.ejb.CreateException;").line("import javax.ejb.EntityBean;").line("import javax.ejb.EntityContext;").blank();
        s.line("/**").line(" * Container-managed persistence (CMP 2.x) of " + entity + "; the fields are declared in ejb-jar.xml.").line(" */");
        s.open("public abstract class " + cls + " implements EntityBean");
        s.line("private EntityContext context;").blank();
        s.line("public abstract String getId();").line("public abstract void setId(String id);");
        for (Field f : fields) {
            s.blank().line("public abstract " + f.type().java + " " + f.getter() + "();");
            s.line("public abstract void " + f.setter() + "(" + f.type().java + " " + f.name() + ");");
        }
        s.blank().open("public String ejbCreate(" + params(fields) + ") throws CreateException");
        s.open("if (id == null || id.length() == 0)").line("throw new CreateException(\"" + entity + " needs an id\");").close();
        s.line("setId(id);");
        for (Field f : fields) s.line(f.setter() + "(" + f.name() + ");");
        s.line("return null;").close();
        s.blank().open("public void ejbPostCreate(" + params(fields) + ")").line("// no relationships to set").close();
        s.blank().open("public void setEntityContext(EntityContext ctx)").line("this.context = ctx;").close();
        s.blank().open("public void unsetEntityContext()").line("this.context = null;").close();
        for (String cb : List.of("ejbActivate", "ejbPassivate", "ejbLoad", "ejbStore", "ejbRemove")) {
            s.blank().open("public void " + cb + "()").line("// the container synchronises the state").close();
        }
        plainMethods(s, 1, 3, "public static");
        s.close();
        emit(m, "ejb", cls, s);
    }

    private void jpaEntity(DomainModule m, String entity, String table, List<Field> fields) {
        SourceText s = start(m.pkg("entity"));
        s.line("import java.io.Serializable;").blank();
        s.line("import javax.persistence.Column;").line("import javax.persistence.Entity;").line("import javax.persistence.Id;")
                .line("import javax.persistence.Table;").blank();
        s.line("/**").line(" * JPA mapping of " + table + ".").line(" */");
        s.line("@Entity").line("@Table(name = \"" + table + "\")");
        s.open("public class " + entity + " implements Serializable");
        s.line("private static final long serialVersionUID = " + (1000L + random.nextInt(1_000_000)) + "L;").blank();
        s.line("@Id").line("@Column(name = \"ID\")").line("private String id;");
        for (Field f : fields) s.blank().line("@Column(name = \"" + f.column() + "\")").line("private " + f.type().java + " " + f.name() + ";");
        s.blank().open("public String getId()").line("return id;").close();
        s.blank().open("public void setId(String id)").line("this.id = id;").close();
        for (Field f : fields) {
            s.blank().open("public " + f.type().java + " " + f.getter() + "()").line("return " + f.name() + ";").close();
            s.blank().open("public void " + f.setter() + "(" + f.type().java + " " + f.name() + ")")
                    .line("this." + f.name() + " = " + f.name() + ";").close();
        }
        s.close();
        emit(m, "entity", entity, s);
    }

    // ---------------------------------------------------------------- DAO

    private void dao(DomainModule m) {
        String cls = m.daoClass();
        String vo = m.valueClass();
        String table = m.table();
        SourceText s = start(m.pkg("dao"));
        for (String i : List.of("java.sql.Connection", "java.sql.PreparedStatement", "java.sql.ResultSet",
                "java.sql.SQLException", "java.util.ArrayList", "java.util.HashMap", "java.util.List", "java.util.Map"))
            s.line("import " + i + ";");
        s.blank().line("import javax.naming.InitialContext;").line("import javax.naming.NamingException;").line("import javax.sql.DataSource;").blank();
        s.line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/**").line(" * JDBC queries on " + table + " for the EJB tier (the façade and the message beans).").line(" */");
        s.open("public class " + cls);
        s.line("private static final String DATASOURCE = \"" + DATASOURCE + "\";");
        StringBuilder cols = new StringBuilder("ID");
        for (Field f : m.fields()) cols.append(", ").append(f.column());
        s.blank().open("public List findByStatus(String status) throws SQLException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"SELECT " + cols + " FROM " + table + " WHERE STATUS = ? ORDER BY ID\");");
        s.line("ps.setString(1, status);").line("rs = ps.executeQuery();").line("List result = new ArrayList();");
        s.open("while (rs.next())");
        s.line(vo + " value = new " + vo + "(rs.getString(1));");
        for (int i = 0; i < m.fields().size(); i++) {
            Field f = m.fields().get(i);
            s.line("value." + f.setter() + "(rs.get" + f.type().jdbc + "(" + (i + 2) + "));");
        }
        s.line("result.add(value);").close();
        s.line("return result;");
        s.reopen("finally").line("close(rs, ps, con);").close();
        s.close();
        s.blank().open("public Map summarize() throws SQLException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"SELECT STATUS, COUNT(*) FROM " + table + " GROUP BY STATUS\");");
        s.line("rs = ps.executeQuery();").line("Map counts = new HashMap();");
        s.open("while (rs.next())").line("counts.put(rs.getString(1), new Integer(rs.getInt(2)));").close();
        s.line("return counts;");
        s.reopen("finally").line("close(rs, ps, con);").close();
        s.close();
        s.blank().open("public void insertAudit(String id, String action) throws SQLException");
        s.line("Connection con = null;").line("PreparedStatement ps = null;");
        s.open("try");
        s.line("con = getConnection();");
        s.line("ps = con.prepareStatement(\"INSERT INTO " + table + "_AUDIT (ENTITY_ID, ACTION, STAMP) VALUES (?, ?, ?)\");");
        s.line("ps.setString(1, id);").line("ps.setString(2, action);").line("ps.setLong(3, System.currentTimeMillis());");
        s.line("ps.executeUpdate();");
        s.reopen("finally").line("close(null, ps, con);").close();
        s.close();
        for (Field f : m.fields()) {
            if (f.type() != Field.Type.STRING || f.name().equals("status") || random.nextInt(3) != 0) continue;
            s.blank().open("public int countBy" + f.cap() + "(String " + f.name() + ") throws SQLException");
            s.line("Connection con = null;").line("PreparedStatement ps = null;").line("ResultSet rs = null;");
            s.open("try");
            s.line("con = getConnection();");
            s.line("ps = con.prepareStatement(\"SELECT COUNT(*) FROM " + table + " WHERE " + f.column() + " = ?\");");
            s.line("ps.setString(1, " + f.name() + ");").line("rs = ps.executeQuery();");
            s.line("return rs.next() ? rs.getInt(1) : 0;");
            s.reopen("finally").line("close(rs, ps, con);").close();
            s.close();
        }
        s.blank().open("private Connection getConnection() throws SQLException");
        s.open("try");
        s.line("DataSource ds = (DataSource) new InitialContext().lookup(DATASOURCE);");
        s.line("return ds.getConnection();");
        s.reopen("catch (NamingException e)").line("throw new SQLException(\"no data source: \" + e.getMessage());").close();
        s.close();
        quietClose(s, "best effort");
        plainMethods(s, 0, 3, "static");
        s.close();
        emit(m, "dao", cls, s);
    }

    // ---------------------------------------------------------------- façades

    /** The façade's business methods: name, return type, parameter list. */
    record FacadeMethod(String name, String returns, String params) {}

    static List<FacadeMethod> facadeMethods(DomainModule m) {
        List<FacadeMethod> ms = new ArrayList<>();
        String vo = m.valueClass();
        ms.add(new FacadeMethod("get" + m.name(), vo, "String id"));
        ms.add(new FacadeMethod("update" + m.name(), "void", vo + " value"));
        ms.add(new FacadeMethod("create" + m.name(), "String", vo + " value"));
        ms.add(new FacadeMethod("list" + m.name() + "s", "List", "String status"));
        ms.add(new FacadeMethod("summarize" + m.name() + "s", "Map", ""));
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION)) ms.add(new FacadeMethod("publish" + m.name(), "void", vo + " value"));
        if (m.notifyPartner()) ms.add(new FacadeMethod("notify" + m.name(), "void", vo + " value"));
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) ms.add(new FacadeMethod("describe" + m.referenceEntity(), "String", "String code"));
        return ms;
    }

    private void ejb2FacadeInterfaces(DomainModule m) {
        SourceText s = start(m.pkg("ejb"));
        s.line("import java.rmi.RemoteException;").blank().line("import javax.ejb.CreateException;").line("import javax.ejb.EJBHome;").blank();
        s.line("/**").line(" * Remote home of the " + m.facade() + " session façade.").line(" */");
        s.open("public interface " + m.facade() + "Home extends EJBHome");
        s.line(m.facade() + " create() throws CreateException, RemoteException;");
        s.close();
        emit(m, "ejb", m.facade() + "Home", s);

        s = start(m.pkg("ejb"));
        s.line("import java.rmi.RemoteException;").line("import java.util.List;").line("import java.util.Map;").blank();
        s.line("import javax.ejb.EJBObject;").blank();
        s.line("import " + COMMON + ".ErpException;").line("import " + m.fqn("vo", m.valueClass()) + ";").blank();
        s.line("/**").line(" * Coarse-grained operations on " + m.name() + " for the web tier: one call per use case.").line(" */");
        s.open("public interface " + m.facade() + " extends EJBObject");
        for (FacadeMethod fm : facadeMethods(m)) {
            s.line(fm.returns() + " " + fm.name() + "(" + fm.params() + ") throws ErpException, RemoteException;").blank();
        }
        s.close();
        emit(m, "ejb", m.facade(), s);
    }

    private void ejb2FacadeBean(DomainModule m) {
        String cls = m.facade() + "Bean";
        String local = m.name() + "Local";
        String home = m.name() + "LocalHome";
        String homeField = m.lower() + "Home";
        SourceText s = start(m.pkg("ejb"));
        s.line("import java.sql.SQLException;").line("import java.util.List;").line("import java.util.Map;").blank();
        s.line("import javax.ejb.CreateException;").line("import javax.ejb.FinderException;").line("import javax.ejb.SessionBean;")
                .line("import javax.ejb.SessionContext;").line("import javax.naming.InitialContext;").line("import javax.naming.NamingException;").blank();
        s.line("import " + COMMON + ".ErpException;");
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION) || m.notifyPartner()) s.line("import " + COMMON + ".PartnerGateway;");
        s.line("import " + m.fqn("dao", m.daoClass()) + ";").line("import " + m.fqn("vo", m.valueClass()) + ";").blank();
        s.line("/**").line(" * Stateless session façade for " + m.name() + ": runs each use case next to the data through the")
                .line(" * local entity view and the DAO.").line(" */");
        s.open("public class " + cls + " implements SessionBean");
        s.line("private SessionContext context;");
        s.line("private " + home + " " + homeField + ";");
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) s.line("private " + m.referenceEntity() + "LocalHome typeHome;");
        s.line("private " + m.daoClass() + " dao;");
        s.blank().open("public void ejbCreate() throws CreateException");
        s.open("try");
        s.line("InitialContext ic = new InitialContext();");
        s.line(homeField + " = (" + home + ") ic.lookup(\"java:comp/env/ejb/local/" + m.name() + "\");");
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            s.line("typeHome = (" + m.referenceEntity() + "LocalHome) ic.lookup(\"java:comp/env/ejb/local/" + m.referenceEntity() + "\");");
        }
        s.reopen("catch (NamingException e)").line("throw new CreateException(\"cannot find the " + m.name() + " home: \" + e.getMessage());").close();
        s.line("dao = new " + m.daoClass() + "();");
        s.close();
        String vo = m.valueClass();
        // get: one finder and every getter (reads)
        s.blank().open("public " + vo + " get" + m.name() + "(String id) throws ErpException");
        s.open("try");
        s.line(local + " entity = " + homeField + ".findByPrimaryKey(id);");
        s.line(vo + " value = new " + vo + "(id);");
        for (Field f : m.fields()) s.line("value." + f.setter() + "(entity." + f.getter() + "());");
        s.line("return value;");
        s.reopen("catch (FinderException e)").line("throw new ErpException(\"" + m.name() + " \" + id + \" not found\", e);").close();
        s.close();
        // update: one finder and every setter (writes)
        s.blank().open("public void update" + m.name() + "(" + vo + " value) throws ErpException");
        s.open("try");
        s.line(local + " entity = " + homeField + ".findByPrimaryKey(value.getId());");
        for (Field f : m.fields()) s.line("entity." + f.setter() + "(value." + f.getter() + "());");
        s.reopen("catch (FinderException e)").line("throw new ErpException(\"" + m.name() + " \" + value.getId() + \" not found\", e);").close();
        s.close();
        s.blank().open("public String create" + m.name() + "(" + vo + " value) throws ErpException");
        s.open("try");
        s.line(homeField + ".create(" + args("value", m.fields()) + ");");
        s.line("return value.getId();");
        s.reopen("catch (CreateException e)").line("throw new ErpException(\"cannot create " + m.name() + " \" + value.getId(), e);").close();
        s.close();
        daoDelegates(s, m);
        partnerMethods(s, m, false);
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            List<Field> rf = m.referenceFields();
            s.blank().open("public String describe" + m.referenceEntity() + "(String code) throws ErpException");
            s.open("try");
            s.line(m.referenceEntity() + "Local type = typeHome.findByPrimaryKey(code);");
            s.line("return code + \": \" + type." + rf.get(0).getter() + "() + \" \" + type." + rf.get(1).getter() + "();");
            s.reopen("catch (FinderException e)").line("throw new ErpException(\"unknown " + m.referenceEntity() + " \" + code, e);").close();
            s.close();
        }
        s.blank().open("public void setSessionContext(SessionContext ctx)").line("this.context = ctx;").close();
        for (String cb : List.of("ejbRemove", "ejbActivate", "ejbPassivate")) {
            s.blank().open("public void " + cb + "()").line("// stateless: nothing to release").close();
        }
        plainMethods(s, 0, 3, "private static");
        s.close();
        emit(m, "ejb", cls, s);
    }

    private static void daoDelegates(SourceText s, DomainModule m) {
        if (!m.ejb3()) {
            s.blank().open("public List list" + m.name() + "s(String status) throws ErpException");
            s.open("try").line("return dao.findByStatus(status);");
            s.reopen("catch (SQLException e)").line("throw new ErpException(\"cannot list " + m.name() + "s\", e);").close();
            s.close();
        }
        s.blank().open("public Map summarize" + m.name() + "s() throws ErpException");
        s.open("try").line("return dao.summarize();");
        s.reopen("catch (SQLException e)").line("throw new ErpException(\"cannot summarize " + m.name() + "s\", e);").close();
        s.close();
    }

    /** The planted {@code publish} (transactional) and the clean {@code notify} ({@code NotSupported}) partner calls. */
    private static void partnerMethods(SourceText s, DomainModule m, boolean annotate) {
        String vo = m.valueClass();
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION)) {
            s.blank().line("/** Records the change and forwards it to the partner system. */");
            s.open("public void publish" + m.name() + "(" + vo + " value) throws ErpException");
            s.open("try").line("dao.insertAudit(value.getId(), \"PUBLISH\");");
            s.reopen("catch (SQLException e)").line("throw new ErpException(\"cannot audit \" + value.getId(), e);").close();
            s.line("PartnerGateway.post(\"" + PARTNER_URL + "\", value.toString());");
            s.close();
        }
        if (m.notifyPartner()) {
            s.blank().line("/** Tells the partner about a change; runs outside any transaction on purpose. */");
            if (annotate) s.line("@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)");
            s.open("public void notify" + m.name() + "(" + vo + " value) throws ErpException");
            s.line("PartnerGateway.post(\"" + PARTNER_URL + "\", value.toString());");
            s.close();
        }
    }

    private void ejb3Facade(DomainModule m) {
        String vo = m.valueClass();
        SourceText s = start(m.pkg("ejb"));
        s.line("import java.util.List;").line("import java.util.Map;").blank().line("import javax.ejb.Remote;").blank();
        s.line("import " + COMMON + ".ErpException;").line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/**").line(" * Remote business interface of the " + m.facade() + " (EJB 3).").line(" */");
        s.line("@Remote");
        s.open("public interface " + m.facadeView());
        for (FacadeMethod fm : facadeMethods(m)) s.line(fm.returns() + " " + fm.name() + "(" + fm.params() + ") throws ErpException;").blank();
        s.close();
        emit(m, "ejb", m.facadeView(), s);

        String cls = m.facade() + "Bean";
        s = start(m.pkg("ejb"));
        s.line("import java.sql.SQLException;").line("import java.util.ArrayList;").line("import java.util.Iterator;")
                .line("import java.util.List;").line("import java.util.Map;").blank();
        s.line("import javax.ejb.Stateless;");
        if (m.notifyPartner()) s.line("import javax.ejb.TransactionAttribute;").line("import javax.ejb.TransactionAttributeType;");
        s.line("import javax.persistence.EntityManager;").line("import javax.persistence.PersistenceContext;").blank();
        s.line("import " + COMMON + ".ErpException;");
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION) || m.notifyPartner()) s.line("import " + COMMON + ".PartnerGateway;");
        s.line("import " + m.fqn("dao", m.daoClass()) + ";").line("import " + m.fqn("entity", m.name()) + ";");
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) s.line("import " + m.fqn("entity", m.referenceEntity()) + ";");
        s.line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/**").line(" * Stateless session façade for " + m.name() + " on JPA (migrated from EJB 2.1 in the last release).").line(" */");
        s.line("@Stateless");
        s.open("public class " + cls + " implements " + m.facadeView());
        s.line("@PersistenceContext(unitName = \"erp\")").line("private EntityManager em;").blank();
        s.line("private final " + m.daoClass() + " dao = new " + m.daoClass() + "();");
        String e = m.name();
        s.blank().open("public " + vo + " get" + e + "(String id) throws ErpException");
        s.line(e + " entity = em.find(" + e + ".class, id);");
        s.open("if (entity == null)").line("throw new ErpException(\"" + e + " \" + id + \" not found\");").close();
        s.line("return toValue(entity);");
        s.close();
        s.blank().open("public void update" + e + "(" + vo + " value) throws ErpException");
        s.line(e + " entity = em.find(" + e + ".class, value.getId());");
        s.open("if (entity == null)").line("throw new ErpException(\"" + e + " \" + value.getId() + \" not found\");").close();
        for (Field f : m.fields()) s.line("entity." + f.setter() + "(value." + f.getter() + "());");
        s.line("em.merge(entity);");
        s.close();
        s.blank().open("public String create" + e + "(" + vo + " value) throws ErpException");
        s.line(e + " entity = new " + e + "();");
        s.line("entity.setId(value.getId());");
        for (Field f : m.fields()) s.line("entity." + f.setter() + "(value." + f.getter() + "());");
        s.line("em.persist(entity);");
        s.line("return value.getId();");
        s.close();
        s.blank().open("public List list" + e + "s(String status) throws ErpException");
        s.line("List rows = em.createQuery(\"SELECT o FROM " + e + " o WHERE o.status = :status ORDER BY o.id\")");
        s.line("        .setParameter(\"status\", status).getResultList();");
        s.line("List result = new ArrayList();");
        s.open("for (Iterator it = rows.iterator(); it.hasNext();)").line("result.add(toValue((" + e + ") it.next()));").close();
        s.line("return result;");
        s.close();
        daoDelegates(s, m);
        partnerMethods(s, m, true);
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            List<Field> rf = m.referenceFields();
            String t = m.referenceEntity();
            s.blank().open("public String describe" + t + "(String code) throws ErpException");
            s.line(t + " type = em.find(" + t + ".class, code);");
            s.open("if (type == null)").line("throw new ErpException(\"unknown " + t + " \" + code);").close();
            s.line("return code + \": \" + type." + rf.get(0).getter() + "() + \" \" + type." + rf.get(1).getter() + "();");
            s.close();
        }
        s.blank().open("private static " + vo + " toValue(" + e + " entity)");
        s.line(vo + " value = new " + vo + "(entity.getId());");
        for (Field f : m.fields()) s.line("value." + f.setter() + "(entity." + f.getter() + "());");
        s.line("return value;");
        s.close();
        plainMethods(s, 0, 2, "private static");
        s.close();
        emit(m, "ejb", cls, s);
    }

    // ---------------------------------------------------------------- stateful and message-driven beans

    private void worksheet(DomainModule m) {
        String w = m.worksheet();
        String vo = m.valueClass();
        SourceText s = start(m.pkg("ejb"));
        s.line("import javax.ejb.CreateException;").line("import javax.ejb.EJBLocalHome;").blank();
        s.line("/** Local home of the per-user " + w + ". */");
        s.open("public interface " + w + "LocalHome extends EJBLocalHome");
        s.line(w + "Local create(String owner) throws CreateException;");
        s.close();
        emit(m, "ejb", w + "LocalHome", s);

        s = start(m.pkg("ejb"));
        s.line("import java.util.List;").blank().line("import javax.ejb.EJBLocalObject;").blank();
        s.line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/** The " + m.name() + " items a user collects before submitting them. */");
        s.open("public interface " + w + "Local extends EJBLocalObject");
        s.line("void addItem(" + vo + " item);").line("void removeItem(String id);").line("List getItems();")
                .line("int getItemCount();").line("void clear();");
        s.close();
        emit(m, "ejb", w + "Local", s);

        s = start(m.pkg("ejb"));
        s.line("import java.util.ArrayList;").line("import java.util.Iterator;").line("import java.util.List;").blank();
        s.line("import javax.ejb.CreateException;").line("import javax.ejb.SessionBean;").line("import javax.ejb.SessionContext;").blank();
        s.line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/** Stateful session bean holding a user's " + m.name() + " worksheet; its state is serializable. */");
        s.open("public class " + w + "Bean implements SessionBean");
        s.line("private SessionContext context;").line("private String owner;").line("private ArrayList items;");
        s.blank().open("public void ejbCreate(String owner) throws CreateException");
        s.open("if (owner == null)").line("throw new CreateException(\"a worksheet needs an owner\");").close();
        s.line("this.owner = owner;").line("this.items = new ArrayList();").close();
        s.blank().open("public void addItem(" + vo + " item)");
        s.open("if (!items.contains(item))").line("items.add(item);").close();
        s.close();
        s.blank().open("public void removeItem(String id)");
        s.open("for (Iterator it = items.iterator(); it.hasNext();)");
        s.line(vo + " item = (" + vo + ") it.next();");
        s.open("if (item.getId() != null && item.getId().equals(id))").line("it.remove();").close();
        s.close();
        s.close();
        s.blank().open("public List getItems()").line("return new ArrayList(items);").close();
        s.blank().open("public int getItemCount()").line("return items.size();").close();
        s.blank().open("public void clear()").line("items.clear();").close();
        s.blank().open("public void setSessionContext(SessionContext ctx)").line("this.context = ctx;").close();
        for (String cb : List.of("ejbRemove", "ejbActivate", "ejbPassivate")) {
            s.blank().open("public void " + cb + "()").line("// the item list is serializable: nothing to do").close();
        }
        plainMethods(s, 0, 2, "private static");
        s.close();
        emit(m, "ejb", w + "Bean", s);
    }

    private void messageDrivenBean(DomainModule m) {
        String cls = m.name() + "EventBean";
        SourceText s = start(m.pkg("ejb"));
        s.line("import java.sql.SQLException;").blank();
        for (String i : List.of("javax.ejb.EJBException", "javax.ejb.MessageDrivenBean", "javax.ejb.MessageDrivenContext",
                "javax.jms.JMSException", "javax.jms.Message", "javax.jms.MessageListener", "javax.jms.TextMessage"))
            s.line("import " + i + ";");
        s.blank().line("import " + m.fqn("dao", m.daoClass()) + ";").blank();
        s.line("/**").line(" * Records " + m.name() + " events published by other systems (queue/" + m.name() + "Events).").line(" */");
        s.open("public class " + cls + " implements MessageDrivenBean, MessageListener");
        s.line("private MessageDrivenContext context;").line("private " + m.daoClass() + " dao;");
        s.blank().open("public void setMessageDrivenContext(MessageDrivenContext ctx)").line("this.context = ctx;").close();
        s.blank().open("public void ejbCreate()").line("dao = new " + m.daoClass() + "();").close();
        s.blank().open("public void onMessage(Message message)");
        s.open("if (!(message instanceof TextMessage))").line("return;").close();
        s.open("try");
        s.line("String text = ((TextMessage) message).getText();");
        s.line("int colon = text.indexOf(':');");
        s.open("if (colon <= 0)").line("return;").close();
        s.line("dao.insertAudit(text.substring(0, colon), text.substring(colon + 1));");
        s.reopen("catch (JMSException e)").line("context.setRollbackOnly();");
        s.reopen("catch (SQLException e)").line("throw new EJBException(e);").close();
        s.close();
        s.blank().open("public void ejbRemove()").line("dao = null;").close();
        plainMethods(s, 0, 2, "private static");
        s.close();
        emit(m, "ejb", cls, s);
    }
}
