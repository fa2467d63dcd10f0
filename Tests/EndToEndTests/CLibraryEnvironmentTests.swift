import Foundation
import TestSupport
import Testing

/// Process-wide state (`setenv` for fontconfig, `setlocale`) is set once on the main thread,
/// before any worker starts: a preloaded shim reports the thread of every such call.
struct CLibraryEnvironmentTests {
    static let shim = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdio.h>
        #include <unistd.h>
        #include <sys/syscall.h>
        static void note(const char *what, const char *name) {
            int main_thread = syscall(SYS_gettid) == getpid();
            fprintf(stderr, "SHIM %s %s %s\\n", what, name ? name : "(null)", main_thread ? "main" : "worker");
        }
        int setenv(const char *name, const char *value, int overwrite) {
            static int (*real)(const char *, const char *, int);
            if (!real) real = dlsym(RTLD_NEXT, "setenv");
            note("setenv", name);
            return real(name, value, overwrite);
        }
        char *setlocale(int category, const char *locale) {
            static char *(*real)(int, const char *);
            if (!real) real = dlsym(RTLD_NEXT, "setlocale");
            if (locale) note("setlocale", locale);
            return real(category, locale);
        }
        """

    @Test func setUpHappensOnTheMainThreadBeforeWorkers() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try Self.shim.write(toFile: demo.folder.file("shim.c"), atomically: true, encoding: .utf8)
        let built = try ReportBatchProcess.tool(
            "cc",
            ["-shared", "-fPIC", "-o", demo.folder.file("shim.so"), demo.folder.file("shim.c"), "-ldl"]
        )
        try #require(built.status == 0, "the C compiler could not build the shim: \(built.stderr)")
        let result = try ReportBatchProcess.run(
            [
                "run", BatchRunTests.weekly, "--db", "demo.db", "--out", "weekly", "--now", BatchRunTests.now,
                "--workers", "4",
            ],
            in: demo.folder.path,
            environment: ["LD_PRELOAD": demo.folder.file("shim.so"), "FONTCONFIG_FILE": ""]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let calls = result.stderr.split(separator: "\n").filter { $0.hasPrefix("SHIM ") }
        #expect(calls.contains { $0.hasPrefix("SHIM setenv FONTCONFIG_FILE") }, "\(calls)")
        #expect(calls.contains { $0.hasPrefix("SHIM setlocale C") }, "\(calls)")
        #expect(calls.allSatisfy { $0.hasSuffix(" main") }, "\(calls)")
    }
}
