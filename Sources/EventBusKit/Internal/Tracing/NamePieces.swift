// A recipient's name in pieces, for cutting: which of its characters are its type, its
// attributes, its call site and its owner.
//
// Names reach a line as the strings the bus stored, so the pieces are read back from the one
// shape the bus writes a closure recipient's name in (`ClosureLabel`, in `RecipientName.swift`;
// a test checks every form against it):
//
//     Subscription(to: TYPE[, ATTRIBUTE]…, at: FILE:LINE[, owner: TYPE])
//     events(of: TYPE, bufferingPolicy: POLICY[, ATTRIBUTE]…, at: FILE:LINE)
//     next(TYPE[, filtered], at: FILE:LINE)
//     NAME ([events, |next, ][ATTRIBUTE, ]…at: FILE:LINE[, owner: TYPE])
//
// where an ATTRIBUTE is `once`, `limit N`, `filtered` — any words in lower case there, so a
// new option's word is one too. Any other name (a consumer's type name or `description`, a
// name given with `.named`) is one type, cut in the middle; a name that is a call site
// (`App/Cart.swift:12`) is one call site.

/// The pieces of `name`: for a closure recipient's name, its type part (`Subscription(to: T`)
/// and its owner's type as types, cut in the middle, its attributes kept, its call site as a
/// call site; a call site as a call site; any other name as one type.
func namePieces(_ name: String) -> [LinePiece] {
    let characters = Array(name)
    if let site = bareCallSite(characters) { return [.site(site)] }
    return labelPieces(characters) ?? [.type(name)]
}

/// The call site that `characters` is, whole (`App/Cart.swift:12`), if it is one.
private func bareCallSite(_ characters: [Character]) -> CallSite? {
    guard let colon = lineColon(characters, end: characters.count),
        !characters[..<colon].contains(where: isSiteBoundary),
        characters[..<colon].contains(".")
    else { return nil }
    return CallSite(
        fileID: String(characters[..<colon]), line: String(characters[(colon + 1)...]))
}

/// The pieces of a closure recipient's name, as the bus writes it; `nil` for another name.
private func labelPieces(_ characters: [Character]) -> [LinePiece]? {
    guard characters.last == ")" else { return nil }
    let close = characters.count - 1
    // The owner, after the call site.
    var siteEnd = close
    var owner: [LinePiece] = []
    if let start = lastIndex(of: ", owner: ", in: characters, before: close),
        start + 9 < close
    {
        siteEnd = start
        owner = [.kept(", owner: "), .type(String(characters[(start + 9)..<close]))]
    }
    // The call site, after `at: `.
    guard let colon = lineColon(characters, end: siteEnd) else { return nil }
    var file = colon
    while file > 0, !isSiteBoundary(characters[file - 1]) { file -= 1 }
    guard file < colon, file >= 4, String(characters[(file - 4)..<file]) == "at: " else {
        return nil
    }
    let site = CallSite(
        fileID: String(characters[file..<colon]),
        line: String(characters[(colon + 1)..<siteEnd]))
    // The attributes before it, each after `, ` (or ` (` after a name given with `.named`).
    var end = file - 4
    var named = false
    while true {
        if ends(characters, at: end, with: " (") {
            named = true
            end -= 2
            break
        }
        guard ends(characters, at: end, with: ", ") else { return nil }
        let tokenEnd = end - 2
        var start = tokenEnd
        while start >= 2, !ends(characters, at: start, with: ", "),
            !ends(characters, at: start, with: " (")
        {
            start -= 1
        }
        guard start >= 2, isAttribute(characters[start..<tokenEnd]) else {
            end = tokenEnd
            break
        }
        end = start
    }
    let head = String(characters[..<end])
    return typePieces(ofHead: head, named: named) + [.kept(String(characters[end..<file]))]
        + [.site(site)] + owner + [.kept(")")]
}

/// The pieces of a closure recipient's name before its attributes, its type part: what it is
/// and the type it listens to (or its given name), cut in the middle of that type, and a
/// stream's buffering policy, cut at its end like a value (`, […]`).
private func typePieces(ofHead head: String, named: Bool) -> [LinePiece] {
    if named { return [.type(head)] }
    for opening in ["Subscription(to: ", "next(", "events(of: "] where head.hasPrefix(opening) {
        let listed = Array(head.dropFirst(opening.count))
        if opening == "events(of: ",
            let start = lastIndex(of: ", bufferingPolicy: ", in: listed, before: listed.count)
        {
            return [
                .type(String(listed[..<start]), before: opening),
                .value(String(listed[start...])),
            ]
        }
        return [.type(String(listed), before: opening)]
    }
    return [.type(head)]
}

/// Whether `token` is one of a recipient's attributes: words that start in lower case, with
/// no punctuation a type or a policy would have (`once`, `limit 3`, `filtered`, and what a
/// named stream or waiter is: `events`, `next`), so that an option the label shows is kept
/// with no change here.
private func isAttribute(_ token: ArraySlice<Character>) -> Bool {
    guard let first = token.first, first.isLowercase else { return false }
    return !token.contains { ":()<>[]\"'".contains($0) }
}

/// If `characters[..<end]` ends with `:LINE`, the index of that colon.
private func lineColon(_ characters: [Character], end: Int) -> Int? {
    var digits = end
    while digits > 0, characters[digits - 1].isASCII, characters[digits - 1].isNumber {
        digits -= 1
    }
    guard digits < end, digits > 1, characters[digits - 1] == ":" else { return nil }
    return digits - 1
}

/// Whether `characters[..<end]` ends with `suffix`.
private func ends(_ characters: [Character], at end: Int, with suffix: String) -> Bool {
    let suffix = Array(suffix)
    return end >= suffix.count && characters[(end - suffix.count)..<end].elementsEqual(suffix)
}

/// Where the last `text` that ends at or before `end` starts in `characters`.
private func lastIndex(of text: String, in characters: [Character], before end: Int) -> Int? {
    let text = Array(text)
    var start = end - text.count
    while start >= 0 {
        if characters[start..<(start + text.count)].elementsEqual(text) { return start }
        start -= 1
    }
    return nil
}

/// Whether `character` ends a call site: a space, a comma, a parenthesis or a quote.
private func isSiteBoundary(_ character: Character) -> Bool {
    character.isWhitespace || ",()\"'".contains(character)
}
