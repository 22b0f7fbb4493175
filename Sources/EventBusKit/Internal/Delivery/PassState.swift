/// What the bus knows of the pass it is running: the entries it reads, and, while a trace
/// runs, what the trace records of it.
///
/// One value, the bus's `pass`: a pass reads and writes it in single statements that call no
/// app code, so no two accesses overlap and the optimizer drops their run-time checks.
struct PassState {
    /// The entries the running pass reads, unretained; `nil` between passes.
    var runningEntries: UnretainedEntries?
    /// The running pass's entries, retained by a registry change made during the pass so
    /// they outlive it (see ``RouteEntries``); released when the pass ends.
    var pinnedEntries: RouteEntries?
    /// While a trace runs: the running pass's sequence in it (`0`: none).
    var tracedPass = 0
    /// While a trace runs: the index, in the trace's names, of the name of the recipient
    /// being called (`-1`: none).
    var tracedRecipientIndex = -1
    /// The running trace's generation (`0`: none).
    var runningTraceGeneration = 0
    /// Where the running pass's loop stops: its route's entry count, or, once a recipient
    /// called ``EventBus/cancelDelivery()``, 0 (the loop reads it after each call).
    var end = 0
    /// Whether the bus is running app code of its own during a pass, outside any recipient's
    /// call (a predicate, a `description`, a deinit of what it releases, a list getter; see
    /// ``EventBus/insideRecipientCall(_:)``): ``EventBus/cancelDelivery()`` answers `false`
    /// there.
    var inBusAppCode = false
    /// Whether some recipient may listen for ``DidConsumeEvent``: the registry's
    /// `mayAnnounceConsumption`, copied by every registry change to where the loop reads it
    /// with the pass's other state (one test per delivery when no one listens).
    var mayAnnounceConsumption = false
    /// A recipient the running pass ended before its last call, removed but left on its
    /// routes until the pass ends (see ``EventBus/endBeforeLastCall(_:)``); `nil`: none.
    var leaving: Recipient?
    /// The consumer ``leaving`` held strongly, released once it is off its routes.
    var leavingConsumer: (any EventConsumer)?
}
