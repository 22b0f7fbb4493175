import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that waits for something the bus must resume: a wait nothing
    /// resumes fails the test instead of stopping the run.
    ///
    /// Five minutes, not one: these tests take a few seconds, but the sanitizer runs of CI make
    /// every test 10 to 20 times slower, and on a loaded 2-core machine a four-thread posting
    /// test took 79 to 84 s under the address sanitizer. A limit is for a hang, not for speed
    /// (speed lives in the benchmarks), so it must stay above the slowest honest run.
    static var hangLimit: Self { .timeLimit(.minutes(5)) }
}
