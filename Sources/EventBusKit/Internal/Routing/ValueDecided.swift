/// A type whose values, not the type alone, decide whether an event of it `is P`: casting
/// looks inside an `Optional` and an `AnyHashable`, so `Tick?.some(t) is Tick` holds and
/// `Tick?.none is Tick` does not.
///
/// While a recipient lists a category (``Conforming``), the registry builds the route of
/// such a type for each event and never caches it (see `Registry.buildRoute(for:deciding:)`),
/// so a category covers each value exactly when `event is P`. Other types, whose routes are
/// decided by the type, keep one cached route.
protocol _ValueDecided {}

extension Optional: _ValueDecided {}
extension AnyHashable: _ValueDecided {}
