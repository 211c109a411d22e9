"""Checks of evaluate.py's parsing and scoring (python3 -m unittest discover -s eval/real). No corpus needed."""
import unittest

import evaluate


def finding(rule, cls, method, fp, file="A.java", line=1, before=4, after=1, eps=("/a",)):
    return {"ruleId": rule, "fingerprint": fp, "location": {"file": file, "line": line, "className": cls, "method": method},
            "wanRoundTrips": {"before": before, "after": after}, "entryPoints": list(eps)}


FIX_OUTPUT = """\
no patch  WAN001 com.x.Web (src/com/x/Web.java): the moved code returns from the method (src/com/x/Web.java:10)
patch     WAN003 com.x.Web (src/com/x/Web.java): Move Web.load into WebLoadDao behind the stateless session façade WebLoadFacade
          files: src/com/x/WebLoadDao.java, src/com/x/Web.java
          WAN round trips 2 + 8n -> 2 (entry points: /a, /a [POST])
          /tmp/out/WAN003-1-load.patch
          (collides with an earlier patch: left out of wanlint.patch)
1 patch(es) for 2 finding(s); combined: /tmp/out/wanlint.patch
"""


class FixOutputTest(unittest.TestCase):
    def test_reads_one_record_per_finding_with_files_formula_path_and_collision(self):
        records = evaluate.parse_fix_output(FIX_OUTPUT)
        self.assertEqual([r["patched"] for r in records], [False, True])
        patch = records[1]
        self.assertEqual(patch["files"], ["src/com/x/WebLoadDao.java", "src/com/x/Web.java"])
        self.assertEqual((patch["formulaBefore"], patch["formulaAfter"]), ("2 + 8n", "2"))
        self.assertEqual(patch["path"], "/tmp/out/WAN003-1-load.patch")
        self.assertTrue(patch["collides"])

    def test_pairs_records_with_findings_by_position_when_rule_class_and_file_agree(self):
        findings = [finding("WAN003", "com.x.Web", "load", "f0", file="src/com/x/Web.java"),
                    finding("WAN001", "com.x.Web", "doGet", "f1", file="src/com/x/Web.java")]
        records = evaluate.attach_findings(evaluate.parse_fix_output(FIX_OUTPUT), findings)
        self.assertEqual([r["finding"] for r in records], [1, 0])


class ScoringTest(unittest.TestCase):
    def test_label_found_by_fingerprint_else_by_place_else_by_class_and_method(self):
        labels = [{"fingerprint": "old1", "rule": "WAN001", "file": "A.java", "line": 3, "className": "C", "method": "m", "label": "TP"},
                  {"fingerprint": "old2", "rule": "WAN002", "file": "B.java", "line": 9, "className": "D", "method": "n", "label": "FP"},
                  {"fingerprint": "same", "rule": "WAN006", "className": "E", "method": "o", "label": "FP"}]
        findings = [finding("WAN001", "C", "m", "new1", file="A.java", line=3),
                    finding("WAN002", "D", "n", "new2", file="B.java", line=12),
                    finding("WAN006", "X", "y", "same")]
        self.assertEqual(evaluate.LabelIndex(labels).match_all(findings), [0, 1, 2])

    def test_precision_recall_duplicates_and_unlabelled_per_rule(self):
        labels = {"findings": [{"fingerprint": "a", "rule": "WAN001", "className": "C", "method": "m", "label": "TP"},
                               {"fingerprint": "b", "rule": "WAN001", "className": "C", "method": "m", "label": "DUP"},
                               {"fingerprint": "c", "rule": "WAN001", "className": "D", "method": "n", "label": "FP"},
                               {"fingerprint": "gone", "rule": "WAN001", "className": "G", "method": "g", "label": "TP"}],
                  "misses": [{"rule": "WAN001", "className": "D", "method": "n", "file": "x", "line": 1},
                             {"rule": "WAN003", "className": "Q", "method": "q", "file": "Q.java", "line": 7}]}
        findings = [finding("WAN001", "C", "m", "a"), finding("WAN001", "C", "m", "b"),
                    finding("WAN001", "D", "n", "c"), finding("WAN009", "Z", "z", "unlabelled")]
        scores, _ = evaluate.score(findings, labels)
        wan001 = scores["WAN001"]
        self.assertEqual((wan001["TP"], wan001["FP"], wan001["DUP"], wan001["duplicates"]), (1, 1, 1, 1))
        self.assertEqual(wan001["precision"], 0.5)
        # known: TP a (reported), TP gone (not reported), miss at D.n (a WAN001 finding sits there)
        self.assertEqual((wan001["known"], wan001["knownFound"]), (3, 2))
        self.assertEqual(scores["WAN003"]["knownFound"], 0)
        self.assertEqual(scores["*"]["UNLABELLED"], 1)

    def test_a_label_covering_earlier_true_positives_finds_them_and_is_no_known_positive_of_its_own(self):
        labels = {"findings": [{"fingerprint": "old1", "rule": "WAN004", "className": "A", "method": "a", "label": "TP"},
                               {"fingerprint": "old2", "rule": "WAN004", "className": "B", "method": "b", "label": "TP"},
                               {"fingerprint": "merged", "rule": "WAN004", "className": "M", "method": "send", "label": "TP",
                                "covers": ["old1", "old2"]},
                               {"fingerprint": "other", "rule": "WAN004", "className": "C", "method": "c", "label": "TP"}]}
        scores, _ = evaluate.score([finding("WAN004", "M", "send", "merged")], labels)
        self.assertEqual((scores["WAN004"]["known"], scores["WAN004"]["knownFound"]), (3, 2))
        self.assertEqual(scores["WAN004"]["precision"], 1.0)
        # Not reported, the merged finding finds nothing, and the labels it covers are still known positives.
        scores, _ = evaluate.score([], labels)
        self.assertEqual((scores["WAN004"]["known"], scores["WAN004"]["knownFound"]), (3, 0))

    def test_measured_after_is_before_minus_what_the_entry_points_lost(self):
        f = finding("WAN003", "C", "m", "a", before=208, after=132, eps=("/p", "/p (2)"))
        value, why = evaluate.measured_after(f, {"/p": 52, "/p (2)": 52, "/q": 5}, {"/p": 33, "/p (2)": 33, "/q": 5})
        self.assertEqual((value, why), (170, None))
        value, why = evaluate.measured_after(f, {"/p": 52, "/p (2)": 52}, {"/p": 33})
        self.assertIsNone(value)
        self.assertIn("/p (2)", why)


if __name__ == "__main__":
    unittest.main()
