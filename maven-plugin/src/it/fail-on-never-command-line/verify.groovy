// failOn=never: the same findings are reported, and the build passes.
String log = new File(basedir, "build.log").text
assert log.contains("BUILD SUCCESS")
assert log =~ /wanlint: \d+ finding\(s\), 0 at or above never; reports: /
assert !log.contains("at or above never:")
assert new File(basedir, "target/wanlint/wanlint.sarif").text.contains('"ruleId"')
assert new File(basedir, "target/wanlint/wanlint.html").text.contains("<html")
assert !new File(basedir, "target/wanlint/wanlint.json").exists()
return true
