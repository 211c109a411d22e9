package io.wanlint.bench;

import io.wanlint.bench.DomainModule.Field;
import io.wanlint.bench.DomainModule.Persistence;
import io.wanlint.bench.WebTierSources.WebComponent;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates a realistic J2EE application of about a requested number of Java lines, with the rule
 * patterns of {@link PlantedPattern} planted at seeded rates, and the findings the core rules must
 * report on it. The same size, seed and rates always give the same bytes.
 *
 * <p>Shape: domain modules (an entity — 35% BMP, 35% CMP 2.x, 30% JPA with an EJB 3 façade — its
 * value object, DAO, session façade, five or more servlets and three JSPs), some with a stateful
 * worksheet bean or a message-driven bean, spread over business areas; a dispatch tier of the shape
 * large real applications have ({@link DispatchSources}: hundreds of commands behind one interface,
 * a deep superclass hierarchy, thousands of remote façade methods reaching them through a helper
 * chain); then utility classes of plain logic until the size is reached.
 */
public final class SyntheticApplication {
    /** Tolerance of the generated Java line count around the request. */
    public static final double SIZE_TOLERANCE = 0.05;
    /** Smallest size that holds one domain module and still meets the tolerance. */
    public static final int MIN_LINES = 5_000;

    private static final String[] AREAS = {"sales", "billing", "inventory", "shipping", "crm", "hr", "finance",
        "procurement", "support", "manufacturing"};
    private static final String[] NOUNS = {"Customer", "Invoice", "Supplier", "Shipment", "Product", "Warehouse",
        "Contract", "Employee", "Payment", "Quote", "Ledger", "Account", "Vendor", "Carrier", "Claim", "Policy",
        "Tariff", "Voucher", "Budget", "Asset", "Project", "Ticket", "Campaign", "Prospect", "Opportunity", "Receipt",
        "Refund", "Rebate", "Requisition", "Delivery", "Parcel", "Route", "Vehicle", "Driver", "Branch", "Department",
        "Position", "Timesheet", "Expense", "Allowance", "Benefit", "Course", "Certificate", "Audit", "Inspection",
        "Complaint", "Warranty", "Repair", "Part", "Batch", "Recipe", "Machine", "Shift", "Forecast", "Discount",
        "Promotion", "Coupon", "Subscription", "Agreement", "Tender", "Bid", "Listing", "Review", "Survey", "Booking",
        "Reservation", "Itinerary", "Fare", "Consignment", "Pallet"};
    private static final List<Field> FIELD_POOL = List.of(
            new Field("name", Field.Type.STRING), new Field("description", Field.Type.STRING),
            new Field("category", Field.Type.STRING), new Field("region", Field.Type.STRING),
            new Field("owner", Field.Type.STRING), new Field("email", Field.Type.STRING),
            new Field("phone", Field.Type.STRING), new Field("currency", Field.Type.STRING),
            new Field("reference", Field.Type.STRING), new Field("note", Field.Type.STRING),
            new Field("quantity", Field.Type.INT), new Field("priority", Field.Type.INT),
            new Field("rating", Field.Type.INT), new Field("level", Field.Type.INT),
            new Field("amount", Field.Type.DOUBLE), new Field("price", Field.Type.DOUBLE),
            new Field("weight", Field.Type.DOUBLE), new Field("discountRate", Field.Type.DOUBLE));

    private SyntheticApplication() {}

    /** An application of about {@code javaLines} Java lines with {@link PatternRates#realistic()} rates. */
    public static GeneratedApp generate(int javaLines, long seed) {
        return generate(javaLines, seed, PatternRates.realistic());
    }

    public static GeneratedApp generate(int javaLines, long seed, PatternRates rates) {
        if (javaLines < MIN_LINES) throw new IllegalArgumentException("at least " + MIN_LINES + " lines, not " + javaLines);
        Random random = new Random(seed);
        int year = 1999 + random.nextInt(5);
        PlainLogic logic = new PlainLogic(random);
        EjbTierSources ejb = new EjbTierSources(random, logic, year);
        WebTierSources web = new WebTierSources(random, logic, year);
        CommonSources common = new CommonSources(random, logic, year);

        List<GeneratedFile> files = new ArrayList<>(common.fixed());
        List<DomainModule> modules = new ArrayList<>();
        List<WebComponent> servlets = new ArrayList<>();
        List<Planted> planted = new ArrayList<>();
        // The dispatch tier (commands, deep hierarchy, many façade methods) from a random source of its
        // own, so that the modules a seed gives stay what they were before the tier existed.
        Random dispatchRandom = new Random(seed ^ 0x5EED_D15BL);
        files.addAll(new DispatchSources(dispatchRandom, new PlainLogic(dispatchRandom), year)
                .write(DispatchSources.Shape.of(javaLines)));
        int lines = javaLines(files);
        // Modules first, as long as one more still fits; the remainder becomes utility classes.
        while (true) {
            DomainModule m = module(modules.size(), modules, random, rates);
            List<GeneratedFile> moduleFiles = new ArrayList<>(ejb.write(m));
            web.write(m);
            moduleFiles.addAll(web.files());
            int moduleLines = javaLines(moduleFiles);
            if (!modules.isEmpty() && lines + moduleLines > javaLines) break;
            modules.add(m);
            files.addAll(moduleFiles);
            servlets.addAll(web.servlets());
            planted.addAll(web.planted());
            planted.addAll(ejbTierPlanted(m));
            lines += moduleLines;
        }
        int area = 0;
        while (javaLines - lines >= 25) {
            GeneratedFile u = common.utility(AREAS[area++ % AREAS.length], javaLines - lines);
            files.add(u);
            lines += u.lines();
        }
        files.add(new GeneratedFile(Descriptors.EJB_JAR, Descriptors.ejbJar(modules)));
        files.add(new GeneratedFile(Descriptors.JBOSS, Descriptors.jboss(modules)));
        files.add(new GeneratedFile(Descriptors.WEB, Descriptors.web(modules, servlets)));
        if (modules.stream().anyMatch(DomainModule::ejb3)) {
            files.add(new GeneratedFile(Descriptors.PERSISTENCE, Descriptors.persistence(modules)));
        }
        return new GeneratedApp(javaLines, seed, files, modules, servlets, planted);
    }

    private static List<Planted> ejbTierPlanted(DomainModule m) {
        List<Planted> out = new ArrayList<>();
        String facadeBean = m.facade() + "Bean";
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION)) {
            out.add(new Planted(RuleId.WAN004, PlantedPattern.HTTP_IN_TRANSACTION, m.file("ejb", facadeBean),
                    m.fqn("ejb", facadeBean), "publish" + m.name()));
        }
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            boolean jpa = m.persistence() == Persistence.JPA;
            String sub = jpa ? "entity" : "ejb";
            String cls = jpa ? m.referenceEntity() : m.referenceEntity() + "Bean";
            out.add(new Planted(RuleId.WAN005, PlantedPattern.READ_ONLY_ENTITY, m.file(sub, cls), m.fqn(sub, cls), null));
        }
        return out;
    }

    private static DomainModule module(int index, List<DomainModule> earlier, Random random, PatternRates rates) {
        String noun = NOUNS[index % NOUNS.length];
        String name = index < NOUNS.length ? noun : noun + (index / NOUNS.length + 1);
        String area = AREAS[index % AREAS.length];
        double p = random.nextDouble();
        Persistence persistence = p < 0.35 ? Persistence.BMP : p < 0.70 ? Persistence.CMP : Persistence.JPA;
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("status", Field.Type.STRING));
        List<Field> pool = new ArrayList<>(FIELD_POOL);
        int extra = 3 + random.nextInt(6);
        for (int i = 0; i < extra; i++) fields.add(pool.remove(random.nextInt(pool.size())));
        List<Field> reference = new ArrayList<>(List.of(new Field("label", Field.Type.STRING),
                new Field("description", Field.Type.STRING)));
        if (random.nextBoolean()) reference.add(new Field("sortOrder", Field.Type.INT));

        Set<PlantedPattern> patterns = EnumSet.noneOf(PlantedPattern.class);
        if (random.nextDouble() < rates.chattyFacade()) patterns.add(PlantedPattern.CHATTY_FACADE_SERVLET);
        boolean two = random.nextDouble() < rates.twoFacades();
        DomainModule partner = null;
        if (two && !earlier.isEmpty()) {
            patterns.add(PlantedPattern.TWO_FACADES_SERVLET);
            partner = earlier.get(random.nextInt(earlier.size()));
        }
        if (random.nextDouble() < rates.remoteEntity()) patterns.add(PlantedPattern.REMOTE_ENTITY_SERVLET);
        int helperMethods = 0;
        if (random.nextDouble() < rates.webHelperJdbc()) {
            patterns.add(PlantedPattern.WEB_HELPER_JDBC);
            helperMethods = 1 + random.nextInt(2);
        }
        if (random.nextDouble() < rates.jspJdbc()) patterns.add(PlantedPattern.JSP_SCRIPTLET_JDBC);
        if (random.nextDouble() < rates.httpInTransaction()) patterns.add(PlantedPattern.HTTP_IN_TRANSACTION);
        if (random.nextDouble() < rates.readOnlyEntity()) patterns.add(PlantedPattern.READ_ONLY_ENTITY);
        boolean stateful = random.nextDouble() < rates.statefulSession();
        boolean mdb = random.nextDouble() < rates.messageDriven();
        boolean notify = random.nextDouble() < rates.notSupportedNotify();
        String pkg = "com.acme.erp." + area + "." + name.toLowerCase(java.util.Locale.ROOT);
        return new DomainModule(name, area, pkg, persistence, fields, reference, patterns, stateful, mdb, notify,
                helperMethods, partner);
    }

    static int javaLines(List<GeneratedFile> files) {
        int n = 0;
        for (GeneratedFile f : files) if (f.isJava()) n += f.lines();
        return n;
    }

    /**
     * How many findings wanlint reports for the planted patterns, per rule (all five rules present,
     * zero when none): one per planted instance, except WAN004's, which all post through the one
     * {@code PartnerGateway.post} helper and so are one finding at that helper's call (one cause).
     */
    static Map<RuleId, Integer> countByRule(List<Planted> planted) {
        Map<RuleId, Integer> counts = new EnumMap<>(RuleId.class);
        for (RuleId r : RuleId.values()) counts.put(r, 0);
        for (Planted p : planted) counts.merge(p.rule(), 1, Integer::sum);
        counts.computeIfPresent(RuleId.WAN004, (r, n) -> Math.min(n, 1));
        return counts;
    }
}
