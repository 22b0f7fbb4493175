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

// MARK: - Cutting

/// `name` in at most `width` characters, cut in the middle so that its call site stays: see
/// the rules at the top of this file.
///
/// Longer than `width` only when `File.swift:line` and what follows it do not fit with one
/// character of head. A name that is a call site (`Shop/Cart.swift:42`) loses its module:
/// `…Cart.swift:42`.
func cutName(_ name: String, to width: Int) -> String {
    let characters = Array(name)
    guard characters.count > width else { return name }
    let room = max(width, 2) - nameCutMark.count  // for the head and the tail
    guard let site = callSite(in: characters) else {
        let tail = room / 3
        return String(characters.prefix(room - tail)) + nameCutMark
            + String(characters.suffix(tail))
    }
    if site.file == 0 {  // the name is a call site: its module goes
        return site.base == 0 ? name : nameCutMark + String(characters[site.base...])
    }
    if characters.count - (site.base - site.file) + nameCutMark.count <= width {
        // A little too long: the call site's module goes, the rest stays.
        return String(characters[..<site.file]) + nameCutMark + String(characters[site.base...])
    }
    // The whole call site, and the words before it, while the head keeps a third of the room;
    // otherwise the file's name, and the head keeps the rest.
    let start = characters.count - site.lead + max(width / 3, 1) <= room ? site.lead : site.base
    let head = max(room - (characters.count - start), 1)
    return String(characters[..<head]) + nameCutMark + String(characters[start...])
}

/// Where the last call site in `characters` starts: with the words that lead to it
/// (`, at: `), at its file (its module, in a `#fileID`), and at its file's name. The call site
/// is the last `FILE:LINE` after `at: ` (how the bus names its subscriptions and streams), or
/// else the last `….swift:LINE` (a trace's origin).
private func callSite(in characters: [Character]) -> (lead: Int, file: Int, base: Int)? {
    guard let (file, colon) = labelledSite(in: characters) ?? swiftSite(in: characters) else {
        return nil
    }
    let base = characters[file..<colon].lastIndex(of: "/").map { $0 + 1 } ?? file
    var lead = file
    for words in [", at: ", " at: ", "at: ", ", at ", " at "] {
        let words = Array(words)
        if lead >= words.count, characters[(lead - words.count)..<lead].elementsEqual(words) {
            lead -= words.count
            break
        }
    }
    return (lead, file, base)
}

/// The last `at: FILE:LINE`: where FILE starts, and the colon before LINE.
private func labelledSite(in characters: [Character]) -> (file: Int, colon: Int)? {
    let words = Array("at: ")
    var start = characters.count - words.count
    while start >= 0 {
        if characters[start..<start + words.count].elementsEqual(words),
            let colon = siteColon(in: characters, from: start + words.count)
        {
            return (start + words.count, colon)
        }
        start -= 1
    }
    return nil
}

/// The last `FILE.swift:LINE`: where FILE starts (after a space, a comma, a parenthesis or a
/// quote), and the colon before LINE.
private func swiftSite(in characters: [Character]) -> (file: Int, colon: Int)? {
    let marker = Array(".swift:")
    var dot = characters.count - marker.count - 1
    while dot > 0 {
        if characters[dot..<dot + marker.count].elementsEqual(marker),
            characters[dot + marker.count].isASCII, characters[dot + marker.count].isNumber
        {
            var file = dot
            while file > 0, !isSiteBoundary(characters[file - 1]) { file -= 1 }
            return file < dot ? (file, dot + marker.count - 1) : nil
        }
        dot -= 1
    }
    return nil
}

/// If a call site `FILE:LINE` starts at `start`, the colon before LINE.
private func siteColon(in characters: [Character], from start: Int) -> Int? {
    var end = start
    while end < characters.count, !isSiteBoundary(characters[end]) { end += 1 }
    var digits = end
    while digits > start, characters[digits - 1].isASCII, characters[digits - 1].isNumber {
        digits -= 1
    }
    guard digits < end, digits - 1 > start, characters[digits - 1] == ":" else { return nil }
    return digits - 1
}

/// Whether `character` ends a call site: a space, a comma, a parenthesis or a quote.
private func isSiteBoundary(_ character: Character) -> Bool {
    character.isWhitespace || ",()\"'".contains(character)
}

/// `value` in at most `width` characters: cut at its end, not inside a word or a number, and
/// marked ``valueCutMark``.
func cutValue(_ value: String, to width: Int) -> String {
    let characters = Array(value)
    guard characters.count > width else { return value }
    let room = max(width - valueCutMark.count, 1)
    guard room < characters.count else { return value }  // no shorter with the mark
    var end = room
    if isInWord(characters[end - 1]), isInWord(characters[end]) {
        var start = end - 1
        while start > 0, isInWord(characters[start - 1]) { start -= 1 }
        if start > 0, start >= room / 2 { end = start }
    }
    while end > 1, characters[end - 1].isWhitespace { end -= 1 }
    return String(characters[..<end]) + valueCutMark
}

/// Whether `character` continues a word or a number (`1380`, `13.80`, `total_cents`).
private func isInWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
}

/// `names` joined by `, ` in at most `width` characters: as many names as fit, the last of
/// them cut if it must be (``cutName(_:to:)``) to no less than half its length, then
/// `and N more` for the others; the first name is cut as far as it must be.
func cutNames(_ names: [String], to width: Int) -> String {
    let all = names.joined(separator: ", ")
    guard all.count > width, let first = names.first else { return all }
    var before = all.count + 2  // the names before the last one shown, each with its ", "
    for shown in stride(from: names.count, to: 1, by: -1) {
        before -= names[shown - 1].count + 2
        let more = shown == names.count ? "" : " and \(names.count - shown) more"
        let room = width - before - more.count
        guard room > 0 else { continue }
        let last = cutName(names[shown - 1], to: room)
        if last.count <= room, 2 * last.count >= names[shown - 1].count {
            return names.prefix(shown - 1).joined(separator: ", ") + ", " + last + more
        }
    }
    let more = names.count > 1 ? " and \(names.count - 1) more" : ""
    return cutName(first, to: width - more.count) + more
}
