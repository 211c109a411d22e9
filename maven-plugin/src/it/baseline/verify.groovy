// The baseline holds every finding: the gate reports none of them and passes.
String log = new File(basedir, "build.log").text
assert log =~ /wanlint: \d+ finding\(s\) written to .*wanlint-baseline\.json/
assert log =~ /baseline: \d+ known finding\(s\) not reported/
assert log =~ /wanlint: 0 finding\(s\), 0 at or above error; reports: /
assert log.contains("BUILD SUCCESS")
assert new File(basedir, "wanlint-baseline.json").text.contains("WAN")
assert new File(basedir, "target/wanlint/wanlint.sarif").isFile()
return true
