// The functions are `static inline` in include/CEventBusAtomics.h; SwiftPM needs a source file.
#include "CEventBusAtomics.h"
