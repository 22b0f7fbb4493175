// How every line that names a recipient or an event is made to fit (contract §16.4): a trace's
// tree, records, notes and Mermaid labels, `print(bus)`, `explain`, problem messages and the
// announcements' descriptions. Only rendering calls it, never a delivery.
//
// The rules, in one place:
// - No line is longer than `lineLimit` (120) characters. When one would be, its names, values
//   and lists are cut, and only those: the bus's own words are kept. Each keeps what it must
//   (a name its call site), and they share the rest of the room equally: the shorter ones are
//   kept whole, the longer ones cut to an equal share.
// - A name is cut in the middle: its head, `…`, and its call site to its end
//   (`Subscription(to: Checkout…, at: App/Cart.swift:12)`). The call site is the last
//   `FILE:LINE` after `at: `, or else the last `….swift:LINE`; FILE is a `#fileID`,
//   `Module/File.swift`. A name that dropping the module would make fit loses just that
//   (`Subscription(to: Num, at: …Cart.swift:12)`). Otherwise the tail keeps the `, at: ` before
//   the call site and its module when the head keeps a third of the name's room, else
//   `File.swift:LINE` and what follows it (`)`, an owner). A name that is a call site (a
//   trace's `at App/Cart.swift:12`) keeps `…Cart.swift:12`. A name with no call site keeps its
//   first two thirds and its last third.
// - A value (an event's or an error's description) is cut at its end, never inside a word or a
//   number (unless the word fills half the room), and marked ` […]`: `Checkout(id: 7, cents: […]`.
// - A list of recipients or entries keeps as many names as fit — the last of them may be cut,
//   to no less than half — then says `and 3 more`; the first is cut when even it does not fit.
// - Line breaks inside a name or a value read as spaces.
// - A line whose fixed words and call sites alone are longer than the limit (file names of
//   dozens of characters) is cut at its end like a value.

/// The longest line, in characters, that the bus writes for a person to read.
let lineLimit = 120

/// The mark that ends a cut value: a space and an elided bracket, which no number or word
/// continues (`totalCents: […]`, never `totalCents: 1380…`).
let valueCutMark = " […]"

/// The mark where a name was cut, between its head and its call site.
let nameCutMark = "…"

/// A line a person reads, in parts: the bus's own words, which are kept, and the names, values
/// and lists it shows, which are cut when the line would not fit.
///
/// Written as a string with interpolations: `"dispatch(\(name: type)) at \(name: site)"`
/// (`\(x)` is kept as it is; `name:`, `value:` and `names:` may be cut).
struct ReadableLine: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// One part of a line.
    enum Part: Sendable {
        /// The bus's own words: kept whole.
        case text(String)
        /// A recipient's or a type's name: cut in the middle, keeping its call site.
        case name(String)
        /// A description: cut at its end, marked.
        case value(String)
        /// Names joined by `, `: ends with `and N more` when they do not all fit.
        case names([String])

        /// The part, nothing cut.
        var full: String {
            switch self {
            case .text(let text), .name(let text), .value(let text): text
            case .names(let names): names.joined(separator: ", ")
            }
        }

        /// The part in at most `width` characters (more only where its rule cannot go lower).
        func cut(to width: Int) -> String {
            switch self {
            case .text(let text): text
            case .name(let name): cutName(name, to: width)
            case .value(let value): cutValue(value, to: width)
            case .names(let names): cutNames(names, to: width)
            }
        }

        /// The same part with each of its strings changed by `change`.
        func map(_ change: (String) -> String) -> Part {
            switch self {
            case .text(let text): .text(change(text))
            case .name(let name): .name(change(name))
            case .value(let value): .value(change(value))
            case .names(let names): .names(names.map(change))
            }
        }
    }

    /// The parts, in order.
    private(set) var parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    init(stringLiteral text: String) { parts = [.text(text)] }

    init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The line with nothing cut.
    var description: String { parts.map(\.full).joined() }

    /// `lhs` then `rhs`.
    static func + (lhs: ReadableLine, rhs: ReadableLine) -> ReadableLine {
        ReadableLine(parts: lhs.parts + rhs.parts)
    }

    /// The line with each of its strings changed by `change` (to escape app-provided text).
    func map(_ change: (String) -> String) -> ReadableLine {
        ReadableLine(parts: parts.map { $0.map(change) })
    }

    /// The line in at most `width` characters.
    ///
    /// Line breaks in names and values read as spaces. When the line is longer than `width`,
    /// each cuttable part keeps what it must (a name its call site and a first character, a
    /// value its first character), and they share the rest of the room the words leave
    /// equally: taken from the one with the least beyond that, each is kept whole when it fits
    /// its equal share of what remains, and cut to that share otherwise. A line still too long
    /// is cut at its end like a value.
    func fitted(to width: Int = lineLimit) -> String {
        let parts = self.parts.map { part -> Part in
            if case .text = part { return part }
            return part.map(onOneLine)
        }
        let whole = parts.map(\.full)
        guard whole.reduce(0, { $0 + $1.count }) > width else { return whole.joined() }
        var shown = whole
        // The room left once the words and what each cuttable part keeps at the least (a call
        // site, a first character) are counted; the parts share it, beyond their least.
        var room = width
        var cuttable: [(index: Int, least: Int, beyond: Int)] = []
        for (index, part) in parts.enumerated() {
            if case .text = part {
                room -= whole[index].count
            } else {
                let least = min(part.cut(to: 0).count, whole[index].count)
                cuttable.append((index, least, whole[index].count - least))
                room -= least
            }
        }
        cuttable.sort { ($0.beyond, $0.index) < ($1.beyond, $1.index) }
        for (taken, piece) in cuttable.enumerated() {
            let share = max(room / (cuttable.count - taken), 0)
            shown[piece.index] = parts[piece.index].cut(to: piece.least + share)
            room -= max(shown[piece.index].count - piece.least, 0)
        }
        let line = shown.joined()
        return line.count <= width ? line : cutValue(line, to: width)
    }

    /// Builds a line from a string literal and its interpolations.
    struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// Fixed text: the bus's words, a number, a call site.
        mutating func appendInterpolation(_ text: some Any) {
            parts.append(.text(String(describing: text)))
        }

        /// A name that may be cut in the middle, keeping its call site.
        mutating func appendInterpolation(name: String) { parts.append(.name(name)) }

        /// A type's name, which may be cut in the middle.
        mutating func appendInterpolation(name type: Any.Type) {
            parts.append(.name(String(describing: type)))
        }

        /// A description that may be cut at its end.
        mutating func appendInterpolation(value: String) { parts.append(.value(value)) }

        /// Names that may end with `and N more`.
        mutating func appendInterpolation(names: [String]) { parts.append(.names(names)) }

        /// Another line's parts.
        mutating func appendInterpolation(_ line: ReadableLine) { parts += line.parts }
    }
}

/// `text` with each line break read as a space.
func onOneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
}
