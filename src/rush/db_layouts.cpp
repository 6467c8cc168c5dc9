// Placement lists, the column table and slice decoding of the packed layouts (db_layouts.hpp).
#include "bitsolve/rush/db_layouts.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::rush {
namespace {

// Every sequence of pieces along a line of n cells: lengths from `lens`, in order, with gaps.
void sequences(int n, int at, const std::vector<int>& lens, std::vector<DbLinePiece>& cur,
               const std::function<void(const std::vector<DbLinePiece>&)>& out) {
    if (at >= n) {
        out(cur);
        return;
    }
    for (int len : lens) {
        if (at + len > n) continue;
        cur.push_back(DbLinePiece{static_cast<std::uint8_t>(at), static_cast<std::uint8_t>(len)});
        sequences(n, at + len, lens, cur, out);
        cur.pop_back();
    }
    sequences(n, at + 1, lens, cur, out);
}

// Group id of a sequence of pieces along a line: lengths in order, walls with their position.
int group_of(const std::vector<DbLinePiece>& ps, std::map<std::vector<int>, int>& ids) {
    std::vector<int> code;
    code.reserve(ps.size());
    for (const DbLinePiece& q : ps) code.push_back(q.len == 1 ? 16 + q.pos : q.len);
    return ids.emplace(code, static_cast<int>(ids.size())).first->second;
}

// Column x of a board mask (bit 8r + x for row r) as an n-bit number, bit r for row r: the bits
// at stride 8 gathered into the top byte by one multiplication (the partial products of
// 0x0102040810204080 = sum of 2^(7k), k = 1..8, never overlap, so nothing carries).
inline std::size_t column_bits(std::uint64_t mask, int x) {
    return static_cast<std::size_t>((((mask >> x) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
}

}  // namespace

DbLayouts::DbLayouts(int size, int max_walls) : n_(size), max_walls_(max_walls) {
    if (size < kMinSize || size > kMaxSize || max_walls < 0)
        throw UsageError("layouts: size must be 4..8 and walls at least 0");
    const int n = n_;
    placed_.resize(static_cast<std::size_t>(n));
    std::vector<DbLinePiece> cur;
    std::vector<int> row_lens = {2, 3};
    if (max_walls > 0) row_lens.insert(row_lens.begin(), 1);
    std::map<std::vector<int>, int> exit_ids, row_ids;
    order_.push_back(kExitRow);
    for (int r = 0; r < n; ++r) {
        if (r != kExitRow) order_.push_back(r);
        sequences(n, 0, row_lens, cur, [&](const std::vector<DbLinePiece>& ps) {
            DbRowPlacement p;
            int covered = 0, movers = 0;
            for (const DbLinePiece& q : ps) {
                covered += q.len;
                if (q.len == 1) {
                    ++p.wall_count;
                    p.walls |= cell_bit(r, q.pos);
                } else {
                    ++movers;
                }
            }
            if (covered >= n || p.wall_count > max_walls) return;
            if (r == kExitRow) {
                // The primary car alone, walls only to its left.
                if (movers != 1 || ps.back().len != 2) return;
            }
            for (const DbLinePiece& q : ps)
                for (int k = 0; k < q.len; ++k) p.cells |= cell_bit(r, q.pos + k);
            for (const DbLinePiece& q : ps)
                if (q.len > 1 && q.pos > 0 && !(p.cells & cell_bit(r, q.pos - 1))) p.require |= cell_bit(r, q.pos - 1);
            p.pieces = ps;
            p.group = group_of(ps, r == kExitRow ? exit_ids : row_ids);
            placed_[static_cast<std::size_t>(r)].push_back(std::move(p));
        });
    }
    sequences(n, 0, {2, 3}, cur, [&](const std::vector<DbLinePiece>& ps) {
        DbColumnPlacement p;
        int covered = 0;
        for (const DbLinePiece& q : ps) {
            covered += q.len;
            for (int k = 0; k < q.len; ++k) p.cells = static_cast<std::uint8_t>(p.cells | (1u << (q.pos + k)));
        }
        if (covered >= n) return;
        for (const DbLinePiece& q : ps)
            if (q.pos > 0 && !(p.cells & (1u << (q.pos - 1))))
                p.above = static_cast<std::uint8_t>(p.above | (1u << (q.pos - 1)));
        p.pieces = ps;
        column_.push_back(std::move(p));
    });
    if (column_.size() > 0xFFFF) throw InputError("layouts: too many column placements");
    exit_groups_ = static_cast<int>(exit_ids.size());
    row_groups_ = static_cast<int>(row_ids.size());
    by_group_.resize(static_cast<std::size_t>(n));
    all_.resize(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        const auto ru = static_cast<std::size_t>(r);
        by_group_[ru].resize(static_cast<std::size_t>(r == kExitRow ? exit_groups_ : row_groups_));
        for (std::size_t i = 0; i < placed_[ru].size(); ++i) {
            by_group_[ru][static_cast<std::size_t>(placed_[ru][i].group)].push_back(static_cast<std::uint16_t>(i));
            all_[ru].push_back(static_cast<std::uint16_t>(i));
        }
    }
    // The goal placements of the exit row: the primary car at the goal (the last two cells) with
    // nothing required left of it, listed by group after the packed placements.
    goal_by_group_.resize(static_cast<std::size_t>(exit_groups_));
    auto& exits = placed_[kExitRow];
    for (std::size_t i = 0, packed = exits.size(); i < packed; ++i) {
        if (exits[i].pieces.back().pos != n - 2) continue;
        DbRowPlacement p = exits[i];
        p.require &= ~cell_bit(kExitRow, n - 3);
        goal_by_group_[static_cast<std::size_t>(p.group)].push_back(static_cast<std::uint16_t>(exits.size()));
        exits.push_back(std::move(p));
    }
    const std::size_t patterns = std::size_t{1} << n;
    fit_offset_.assign(patterns * patterns + 1, 0);
    for (std::size_t o = 0; o < patterns; ++o)
        for (std::size_t req = 0; req < patterns; ++req) {
            fit_offset_[(o << n) | req] = static_cast<std::uint32_t>(fit_.size());
            if (o & req) continue;
            for (std::size_t i = 0; i < column_.size(); ++i) {
                const DbColumnPlacement& p = column_[i];
                if ((p.cells & o) == 0 && (p.cells & req) == req && (p.above & ~o) == 0)
                    fit_.push_back(static_cast<std::uint16_t>(i));
            }
        }
    fit_offset_[patterns * patterns] = static_cast<std::uint32_t>(fit_.size());
    // A slice is a prefix of groups: the exit row's, then the other rows' top down, as many as
    // keep the prefixes whose walls fit the limit at most kMaxSlices, listed in order.
    const auto walls_of = [&](int k, int g) {
        const List& list =
            by_group_[static_cast<std::size_t>(order_[static_cast<std::size_t>(k)])][static_cast<std::size_t>(g)];
        return list.empty()
                   ? -1
                   : placed_[static_cast<std::size_t>(order_[static_cast<std::size_t>(k)])][list[0]].wall_count;
    };
    std::vector<std::uint16_t> prefix;
    const std::function<bool(int, int, int)> visit = [&](int k, int fixed, int walls) {
        if (k == fixed) {
            if (prefixes_.size() / static_cast<std::size_t>(fixed) >= kMaxSlices) return false;
            prefixes_.insert(prefixes_.end(), prefix.begin(), prefix.end());
            return true;
        }
        const int groups = k == 0 ? exit_groups_ : row_groups_;
        for (int g = 0; g < groups; ++g) {
            const int w = walls_of(k, g);
            if (w < 0 || walls + w > max_walls_) continue;
            prefix.push_back(static_cast<std::uint16_t>(g));
            const bool fits = visit(k + 1, fixed, walls + w);
            prefix.pop_back();
            if (!fits) return false;
        }
        return true;
    };
    for (fixed_ = n; fixed_ > 1; --fixed_) {
        prefixes_.clear();
        if (visit(0, fixed_, 0)) break;
    }
    if (fixed_ == 1) {
        prefixes_.clear();
        visit(0, 1, 0);
    }
    slice_count_ = prefixes_.size() / static_cast<std::size_t>(fixed_);
}

bool DbLayouts::start(std::uint64_t slice, bool goal, Choice& c) const {
    if (slice >= slice_count_) throw UsageError("layouts: slice out of range");
    const std::uint16_t* groups = prefixes_.data() + slice * static_cast<std::uint64_t>(fixed_);
    for (int k = 0; k < n_; ++k) {
        const auto r = static_cast<std::size_t>(order_[static_cast<std::size_t>(k)]);
        c.lists[static_cast<std::size_t>(k)] = k < fixed_ ? &by_group_[r][groups[k]] : &all_[r];
    }
    if (goal) c.lists[0] = &goal_by_group_[groups[0]];  // the exit row is always fixed (fixed_ >= 1)
    return true;
}

bool DbLayouts::columns(const Choice& c, std::array<const std::uint16_t*, kMaxSize>& first,
                        std::array<std::uint16_t, kMaxSize>& count) const {
    for (int x = 0; x < n_; ++x) {
        const std::size_t at = (column_bits(c.cells, x) << n_) | column_bits(c.require, x);
        const std::uint32_t lo = fit_offset_[at], hi = fit_offset_[at + 1];
        if (lo == hi) return false;
        first[static_cast<std::size_t>(x)] = fit_.data() + lo;
        count[static_cast<std::size_t>(x)] = static_cast<std::uint16_t>(hi - lo);
    }
    return true;
}

std::uint64_t DbLayouts::slice_of(const Board& layout) const {
    std::vector<std::uint16_t> groups;
    for (int k = 0; k < fixed_; ++k) {
        const int r = order_[static_cast<std::size_t>(k)];
        std::vector<DbLinePiece> ps;  // this row's walls and horizontal pieces, left to right
        for (int c = 0; c < n_; ++c)
            if (layout.walls & cell_bit(r, c)) ps.push_back(DbLinePiece{static_cast<std::uint8_t>(c), 1});
        for (const Piece& p : layout.pieces)
            if (!p.vertical && p.line == r) ps.push_back(DbLinePiece{p.pos, p.len});
        std::sort(ps.begin(), ps.end(), [](DbLinePiece a, DbLinePiece b) { return a.pos < b.pos; });
        const auto same = [&](const DbRowPlacement& q) {
            return std::equal(ps.begin(), ps.end(), q.pieces.begin(), q.pieces.end(),
                              [](DbLinePiece a, DbLinePiece b) { return a.pos == b.pos && a.len == b.len; });
        };
        const auto& list = placed_[static_cast<std::size_t>(r)];
        std::size_t i = 0;
        while (i < list.size() && !same(list[i])) ++i;
        if (i == list.size()) throw InputError("board row " + std::to_string(r + 1) + " is no placement of a layout");
        groups.push_back(static_cast<std::uint16_t>(list[i].group));
    }
    // The prefixes are listed in increasing order: binary search.
    std::uint64_t lo = 0, hi = slice_count_;
    const auto f = static_cast<std::size_t>(fixed_);
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        const auto at = prefixes_.begin() + static_cast<std::ptrdiff_t>(mid * f);
        if (std::lexicographical_compare(at, at + static_cast<std::ptrdiff_t>(f), groups.begin(), groups.end()))
            lo = mid + 1;
        else hi = mid;
    }
    if (lo == slice_count_ ||
        !std::equal(groups.begin(), groups.end(), prefixes_.begin() + static_cast<std::ptrdiff_t>(lo * f)))
        throw InputError("board has more walls than the enumeration allows");
    return lo;
}

std::uint64_t DbLayouts::count(std::uint64_t slice) const {
    Choice c;
    if (!start(slice, false, c)) return 0;
    std::uint64_t total = 0;
    rows(0, c, [&](const Choice& full) {
        std::array<const std::uint16_t*, kMaxSize> first{};
        std::array<std::uint16_t, kMaxSize> count{};
        if (!columns(full, first, count)) return;
        std::uint64_t product = 1;
        for (int x = 0; x < n_; ++x) product *= count[static_cast<std::size_t>(x)];
        total += product;
    });
    return total;
}

void DbLayouts::fill_rows(const Choice& c, Board& b, char& letter) const {
    b.walls = 0;
    const DbRowPlacement& exit = placed_[kExitRow][static_cast<std::size_t>(c.row[kExitRow])];
    const DbLinePiece& primary = exit.pieces.back();
    b.pieces.push_back(Piece{kExitRow, primary.pos, 2, false, letter++});
    for (std::size_t i = 0; i + 1 < exit.pieces.size(); ++i) ++letter;  // the exit row's walls
    b.walls |= exit.walls;
    for (std::size_t k = 1; k < order_.size(); ++k) {
        const int r = order_[k];
        const DbRowPlacement& p =
            placed_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c.row[static_cast<std::size_t>(r)])];
        b.walls |= p.walls;
        for (const DbLinePiece& q : p.pieces) {
            if (q.len > 1) b.pieces.push_back(Piece{static_cast<std::uint8_t>(r), q.pos, q.len, false, letter});
            ++letter;
        }
    }
}

}  // namespace bitsolve::rush
