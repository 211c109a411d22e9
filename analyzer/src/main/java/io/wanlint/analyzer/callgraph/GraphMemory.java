package io.wanlint.analyzer.callgraph;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the source front end keeps of a run so that a later run can update its graph after some
 * files changed instead of building it again ({@link SourceCallGraphBuilder#update}).
 *
 * @param index        the type index without trees, file by file in index order
 * @param reads        per scanned file, the other files whose code its scan read (bodies included):
 *                     a change to one of them means scanning that file again
 * @param signatureReads per scanned file, the other files whose declarations only its scan read: no
 *                     dependency (a declaration changed re-analyses everything), but the files an
 *                     update that scans it again parses ahead
 * @param namedQueries the entities' named queries, read from their annotations (which a change
 *                     re-analysing from scratch covers): an update takes them instead of parsing every entity
 * @param storeAnswers whether a BMP bean's {@code ejbStore} can write after a method, with the files
 *                     each answer was read from
 * @param created      the classes the application instantiates in code or loads by a readable name
 *                     (what virtual calls can dispatch to; see {@code Instantiation})
 * @param openTypes    the types reflection creates implementations of from names the analysis cannot read
 */
public record GraphMemory(List<IndexFacts.File> index, Map<String, Set<String>> reads, Map<String, Set<String>> signatureReads,
                          NamedQueries namedQueries,
                          List<GuardedStores.Answer> storeAnswers, Set<String> created, Set<String> openTypes) {
    public GraphMemory {
        index = List.copyOf(index);
        reads = Map.copyOf(reads);
        signatureReads = Map.copyOf(signatureReads);
        java.util.Objects.requireNonNull(namedQueries, "namedQueries");
        storeAnswers = List.copyOf(storeAnswers);
        created = Set.copyOf(created);
        openTypes = Set.copyOf(openTypes);
    }
}
