#include "bitsolve/queens/summary.hpp"

#include "bitsolve/core/errors.hpp"

namespace bitsolve::queens {

Summary summarise(int n, const Counts& c) {
    Summary s;
    s.total = c.total;
    if (n == 1) {
        if (c.total != 1) throw InputError("inconsistent counts: a 1x1 board has exactly one solution");
        s.unique = s.full = 1;
        return s;
    }
    const bool consistent = c.rot90 <= c.rot180 && c.rot180 <= c.total && c.rot90 % 2 == 0 &&
                            (c.rot180 - c.rot90) % 4 == 0 && (c.total - c.rot180) % 8 == 0;
    if (!consistent)
        throw InputError("inconsistent counts (total " + to_string(c.total) + ", rot180 " + to_string(c.rot180) +
                         ", rot90 " + to_string(c.rot90) + "): not the counts of a whole board");
    s.rot90 = c.rot90 / 2;
    s.rot180 = (c.rot180 - c.rot90) / 4;
    s.asymmetric = (c.total - c.rot180) / 8;
    s.unique = s.rot90 + s.rot180 + s.asymmetric;
    return s;
}

}  // namespace bitsolve::queens
