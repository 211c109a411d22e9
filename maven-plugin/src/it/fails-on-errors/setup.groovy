// The application under test: the bundled Pet Store 1.1 fixture, copied into this project (never kept in src/it).
import java.nio.file.*
Path from = Paths.get(fixtures, "petstore-1.1", "src")
Path to = basedir.toPath().resolve("src")
Files.walk(from).forEach { p ->
    Path target = to.resolve(from.relativize(p).toString())
    if (Files.isDirectory(p)) Files.createDirectories(target)
    else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING)
}
return true
