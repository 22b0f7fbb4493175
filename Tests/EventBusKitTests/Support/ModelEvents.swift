import EventBusKit

// The small event universe the random sequences draw from: a class hierarchy, structs, a
// generic struct, two protocol categories and sticky events (a struct, and a class with a
// subclass inside the hierarchy). The reference model does not ask Swift which
// entry covers which event: it reads `ModelEntry.covers(_:)`, a table written from these
// declarations and CONTRACT.md §2.

/// A category: `ModelLeaf`, `ModelValue` and `ModelPin` conform.
protocol ModelTagged: Event {}
/// A category: `ModelSide`, `ModelBox<ModelTagA>`, `ModelMood` and (for exclusion checks)
/// `DidConsumeEvent` conform.
protocol ModelFlagged: Event {}

/// `DidConsumeEvent` joins a category so the model can check that a category *exclusion*
/// applies to announcements while a category *inclusion* does not.
extension DidConsumeEvent: ModelFlagged {}

/// An event that names itself in traces: its kind and its serial number.
protocol ModelLabeled {
    var modelLabel: String { get }
}

/// The root of the model's class hierarchy. Its probe asks `cancelDelivery()` when the event
/// is deallocated (see `ModelProbe`).
class ModelBase: Event, ModelLabeled, CustomStringConvertible {
    let id: Int
    let probe: ModelProbe?
    required init(id: Int, probe: ModelProbe? = nil) {
        self.id = id
        self.probe = probe
    }
    var description: String {
        probe?.ask()
        return modelLabel
    }
    class var kindName: String { "base" }
    var modelLabel: String { "\(Self.kindName)#\(id)" }
}

/// A subclass with a subclass of its own.
class ModelMid: ModelBase {
    override class var kindName: String { "mid" }
}

/// A leaf of the hierarchy that is also `ModelTagged`.
final class ModelLeaf: ModelMid, ModelTagged {
    override class var kindName: String { "leaf" }
}

/// A sibling branch of the hierarchy that is `ModelFlagged`.
final class ModelSide: ModelBase, ModelFlagged {
    override class var kindName: String { "side" }
}

/// A sticky class inside the hierarchy (a `ModelMid`), with a sticky subclass: the bus stores
/// each dynamic type on its own.
class ModelNote: ModelMid, StickyEvent {
    override class var kindName: String { "note" }
}

/// A sticky leaf that is also `ModelTagged`.
final class ModelPin: ModelNote, ModelTagged {
    override class var kindName: String { "pin" }
}

/// A sticky struct that is `ModelFlagged`.
struct ModelMood: StickyEvent, ModelFlagged, ModelLabeled {
    let id: Int
    var modelLabel: String { "mood#\(id)" }
}

/// A struct that is `ModelTagged`.
struct ModelValue: ModelTagged, ModelLabeled {
    let id: Int
    var modelLabel: String { "value#\(id)" }
}

/// A struct in no category.
struct ModelPlain: Event, ModelLabeled {
    let id: Int
    var modelLabel: String { "plain#\(id)" }
}

/// A generic event: `ModelBox<ModelTagA>` and `ModelBox<ModelTagB>` are distinct entries.
struct ModelBox<Tag>: Event, ModelLabeled {
    let id: Int
    var modelLabel: String { "box\(Tag.self == ModelTagA.self ? "A" : "B")#\(id)" }
}

/// `ModelBox<ModelTagA>` is `ModelFlagged` through a conditional conformance.
extension ModelBox: ModelFlagged where Tag == ModelTagA {}

/// Tags for `ModelBox`.
enum ModelTagA {}
enum ModelTagB {}

/// The kinds of event a sequence dispatches.
enum ModelEventKind: String, CaseIterable, Hashable {
    case base, mid, leaf, side, value, plain, boxA, boxB, note, pin, mood

    /// Whether this kind conforms to `StickyEvent` (CONTRACT.md §10.1).
    var isSticky: Bool { self == .note || self == .pin || self == .mood }

    /// A real event of this kind; a class event holds a `probe()` (made for it alone: a probe
    /// made and dropped here would ask `cancelDelivery()` from the caller's code).
    func make(id: Int, probe: @autoclosure () -> ModelProbe? = nil) -> any Event {
        switch self {
        case .base: ModelBase(id: id, probe: probe())
        case .mid: ModelMid(id: id, probe: probe())
        case .leaf: ModelLeaf(id: id, probe: probe())
        case .side: ModelSide(id: id, probe: probe())
        case .value: ModelValue(id: id)
        case .plain: ModelPlain(id: id)
        case .boxA: ModelBox<ModelTagA>(id: id)
        case .boxB: ModelBox<ModelTagB>(id: id)
        case .note: ModelNote(id: id, probe: probe())
        case .pin: ModelPin(id: id, probe: probe())
        case .mood: ModelMood(id: id)
        }
    }
}

/// What the model routes: a dispatched kind or one of the bus's announcements.
enum ModelShape: Hashable {
    case event(ModelEventKind)
    case didConsume
    case noConsumer

    var isAnnouncement: Bool { self == .didConsume || self == .noConsumer }
}

/// The entries a list may hold.
enum ModelEntry: String, CaseIterable, Hashable {
    case all, none, base, mid, leaf, side, value, plain, boxA, boxB, note, pin, mood
    case tagged, flagged, sticky, didConsume, noConsumer

    /// The entries a closure subscription may name (no wildcards, no categories).
    static let subscribable: [ModelEntry] = [
        .base, .mid, .leaf, .side, .value, .plain, .boxA, .boxB, .note, .pin, .mood,
        .didConsume, .noConsumer,
    ]

    /// The types whose `stickyEvent(_:)` is compared after every step (a category as its
    /// existential, `(any P).self`; `AllEvent`, which no value is, answers `nil`).
    static let latestQueries: [ModelEntry] = [
        .base, .mid, .note, .pin, .mood, .tagged, .flagged, .sticky, .all,
    ]

    /// The types a sequence passes to `removeStickyEvents(_:)` (a category as its existential).
    static let clearable: [ModelEntry] = [
        .base, .mid, .note, .pin, .mood, .tagged, .flagged, .sticky,
    ]

    /// Whether this is a protocol category (`Conforming<any P>`).
    var isCategory: Bool { self == .tagged || self == .flagged || self == .sticky }

    /// The contract's "entry L covers E" (`E is L`), written out from the declarations above.
    /// The wildcards cover nothing here: the matching rules treat them separately.
    func covers(_ shape: ModelShape) -> Bool {
        switch self {
        case .all, .none: false
        case .base:
            [
                .event(.base), .event(.mid), .event(.leaf), .event(.side), .event(.note),
                .event(.pin),
            ]
            .contains(shape)
        case .mid: [.event(.mid), .event(.leaf), .event(.note), .event(.pin)].contains(shape)
        case .leaf: shape == .event(.leaf)
        case .side: shape == .event(.side)
        case .value: shape == .event(.value)
        case .plain: shape == .event(.plain)
        case .boxA: shape == .event(.boxA)
        case .boxB: shape == .event(.boxB)
        case .note: [.event(.note), .event(.pin)].contains(shape)
        case .pin: shape == .event(.pin)
        case .mood: shape == .event(.mood)
        case .tagged: [.event(.leaf), .event(.value), .event(.pin)].contains(shape)
        case .flagged: [.event(.side), .event(.boxA), .event(.mood), .didConsume].contains(shape)
        case .sticky: [.event(.note), .event(.pin), .event(.mood)].contains(shape)
        case .didConsume: shape == .didConsume
        case .noConsumer: shape == .noConsumer
        }
    }

    /// The list entry the real bus reads.
    var type: any Event.Type {
        switch self {
        case .all: AllEvent.self
        case .none: NoEvent.self
        case .base: ModelBase.self
        case .mid: ModelMid.self
        case .leaf: ModelLeaf.self
        case .side: ModelSide.self
        case .value: ModelValue.self
        case .plain: ModelPlain.self
        case .boxA: ModelBox<ModelTagA>.self
        case .boxB: ModelBox<ModelTagB>.self
        case .note: ModelNote.self
        case .pin: ModelPin.self
        case .mood: ModelMood.self
        case .tagged: Conforming<any ModelTagged>.self
        case .flagged: Conforming<any ModelFlagged>.self
        case .sticky: Conforming<any StickyEvent>.self
        case .didConsume: DidConsumeEvent.self
        case .noConsumer: NoConsumerEvent.self
        }
    }

    /// Subscribes `handler` on `bus` to this entry's type with `options`, bound to `owner`
    /// when one is given, filtered by `accepts` when one is given; `tag` becomes the
    /// subscription's `fileID`, so a `DidConsumeEvent` about it can be traced back to it.
    func subscribe(
        on bus: EventBus, owner: AnyObject? = nil, options: RecipientOptions,
        accepts: ((any Event) -> Bool)? = nil, tag: String,
        _ handler: @escaping (any Event) -> Void
    ) -> EventSubscription {
        func subscribe<T: Event>(to type: T.Type) -> EventSubscription {
            let predicate = accepts.map { accepts in { (event: T) in accepts(event) } }
            guard let owner else {
                return bus.subscribe(
                    to: type, options: options, where: predicate, fileID: tag, line: 0
                ) { handler($0) }
            }
            return bus.subscribe(
                to: type, owner: owner, options: options,
                where: predicate.map { predicate in { predicate($1) } }, fileID: tag, line: 0
            ) { _, event in handler(event) }
        }
        switch self {
        case .base: return subscribe(to: ModelBase.self)
        case .mid: return subscribe(to: ModelMid.self)
        case .leaf: return subscribe(to: ModelLeaf.self)
        case .side: return subscribe(to: ModelSide.self)
        case .value: return subscribe(to: ModelValue.self)
        case .plain: return subscribe(to: ModelPlain.self)
        case .boxA: return subscribe(to: ModelBox<ModelTagA>.self)
        case .boxB: return subscribe(to: ModelBox<ModelTagB>.self)
        case .note: return subscribe(to: ModelNote.self)
        case .pin: return subscribe(to: ModelPin.self)
        case .mood: return subscribe(to: ModelMood.self)
        case .didConsume: return subscribe(to: DidConsumeEvent.self)
        case .noConsumer: return subscribe(to: NoConsumerEvent.self)
        case .all, .none, .tagged, .flagged, .sticky:
            preconditionFailure("\(self) is not subscribable")
        }
    }

    /// `bus.stickyEvent(_:)` for this entry's type (a category as its existential `(any P).self`).
    func stickyEvent(on bus: EventBus) -> (any Event)? {
        func latest<T>(_ type: T.Type) -> (any Event)? {
            guard let value = bus.stickyEvent(type) else { return nil }
            return value as? any Event
        }
        switch self {
        case .all: return latest(AllEvent.self)
        case .base: return latest(ModelBase.self)
        case .mid: return latest(ModelMid.self)
        case .note: return latest(ModelNote.self)
        case .pin: return latest(ModelPin.self)
        case .mood: return latest(ModelMood.self)
        case .tagged: return latest((any ModelTagged).self)
        case .flagged: return latest((any ModelFlagged).self)
        case .sticky: return latest((any StickyEvent).self)
        case .none, .leaf, .side, .value, .plain, .boxA, .boxB, .didConsume, .noConsumer:
            preconditionFailure("\(self) is not a latest query")
        }
    }

    /// `bus.removeStickyEvents(_:)` for this entry's type (a category as its existential).
    func removeStickyEvents(on bus: EventBus) {
        switch self {
        case .base: bus.removeStickyEvents(ModelBase.self)
        case .mid: bus.removeStickyEvents(ModelMid.self)
        case .note: bus.removeStickyEvents(ModelNote.self)
        case .pin: bus.removeStickyEvents(ModelPin.self)
        case .mood: bus.removeStickyEvents(ModelMood.self)
        case .tagged: bus.removeStickyEvents((any ModelTagged).self)
        case .flagged: bus.removeStickyEvents((any ModelFlagged).self)
        case .sticky: bus.removeStickyEvents((any StickyEvent).self)
        case .all, .none, .leaf, .side, .value, .plain, .boxA, .boxB, .didConsume, .noConsumer:
            preconditionFailure("\(self) is not clearable")
        }
    }
}
