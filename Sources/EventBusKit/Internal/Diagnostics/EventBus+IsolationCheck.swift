#if DEBUG
    import CEventBusAtomics
    import Dispatch

    // Debug builds only: where the bus is called from. A bus that vended a poster or a stream on
    // an actor must be used there; Swift 6's checker keeps most uses there, but not a bus
    // handed on as a `sending` value (see the article "Concurrency and isolation"). And a bus
    // must not be entered by a second thread while another is inside it, which Swift 5 mode
    // or unchecked code allows. Each check stops the program with a message that begins
    // `EventBusKit: ` and names the call and the fix, printed first on every platform.
    // Release builds compile none of this.

    extension EventBus {
        /// Stops the program when the bus has learned an actor and the caller is not on it.
        /// - Parameter call: The public call being made, for the message.
        func checkIsolation(_ call: StaticString = #function) {
            guard let actor = inbox?.learnedIsolation else { return }
            let message = {
                "EventBusKit: \(call) was called off the actor the bus lives on "
                    + "(\(type(of: actor)), where it vended a poster or a stream); call it "
                    + "there, and hand the bus only to code isolated to that actor"
            }
            if actor as AnyObject === MainActor.shared {
                // The main actor's own check stops inside libdispatch on Linux, with no
                // message: ask whether this runs on the main queue, its executor, instead
                // (not the main thread: after `dispatchMain()` another thread drains it).
                if !MainQueue.isCurrent { stop(message()) }
                return
            }
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                // The message is made, and printed, only when the check fails.
                actor.preconditionIsolated(printed(message()))
            }
        }

        /// Stops the program when the calling thread is not the one running the bus's drain.
        ///
        /// - Precondition: The bus is delivering.
        /// - Parameter call: The public call being made, for the message.
        func checkDrainingThread(_ call: StaticString) {
            guard core.drainingThread != eventbus_current_thread() else { return }
            stop(
                "EventBusKit: \(call) was called on a second thread while another thread is "
                    + "inside the bus; a bus lives on one isolation: post from other threads "
                    + "through bus.poster(deliveringOn:)")
        }

        /// Prints `message` to standard error, then stops.
        private func stop(_ message: String) -> Never {
            preconditionFailure(printed(message))
        }

        /// `message`, after printing it to standard error as a line of its own.
        private func printed(_ message: String) -> String {
            writeToStandardError(message)
            return message
        }
    }

    /// The main queue, marked once, so a check can ask whether it runs there without the trap
    /// of libdispatch's own assert.
    private enum MainQueue {
        static let key: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()

        /// Whether the caller runs on the main queue.
        static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
    }
#endif
