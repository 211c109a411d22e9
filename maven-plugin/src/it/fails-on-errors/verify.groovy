// The build failed because of the findings, said which ones and where the reports are, and wrote them.
String log = new File(basedir, "build.log").text
assert log.contains("[ERROR] Failed to execute goal io.wanlint:wanlint-maven-plugin")
assert log =~ /wanlint: \d+ finding\(s\) at or above error:/
assert log =~ /src\/java\/com\/acme\/estore\/\S+\.java:\d+: error WAN\d{3} /
assert log.contains("reports: ")
File sarif = new File(basedir, "target/wanlint/wanlint.sarif")
assert sarif.isFile()
String sarifText = sarif.text
boolean sarif210 = sarifText =~ /"version"\s*:\s*"2\.1\.0"/
assert sarif210
boolean hasResults = sarifText.contains('"ruleId" : "WAN') || sarifText.contains('"ruleId": "WAN')
assert hasResults
assert new File(basedir, "target/wanlint/wanlint.json").isFile()
return true
