// Rush Hour database: a sizing prototype of an engine over classes instead of clusters, for the
// wall-free boards of size 4..6 (docs/benchmarks.md, "Classes numbered densely").
//
// A class fixes the sequence of piece lengths along every row (horizontal pieces; the exit row
// holds the primary car alone) and every column (vertical pieces). Moves never leave a class,
// so a class is a union of whole clusters. Its states are numbered densely: the rows' placements
// (H) are independent of each other, and given H each column's placements are independent too,
// so a state's number is the offset of its H block plus a mixed-radix number over the columns'
// placements that fit H. The program visits every state of every class of a sample of row
// choices twice, by direct indexing (no hashing, no visited set):
//   1. a flood fill from every state not yet labelled: the clusters (labels);
//   2. a breadth-first search from all the goals of the class at once (a goal expands only the
//      primary car's slides): every state's distance to the nearest goal of its own cluster.
// It reports clusters, solvable clusters, the histogram of each solvable cluster's largest
// distance, states, and CPU time; no rows (no minimality), which the engine's re-solves add.
//   rush_class_bench [size] [every] [offset]   runs the row choices s with s % every == offset
// (defaults 6 97 0; `rush_class_bench 5 1 0` is the whole 5x5: the engine's 130,299 clusters
// and 62,106 solvable ones).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <vector>

namespace {

constexpr int kExitRow = 2;

struct Placement {
    std::uint8_t mask = 0;              // cells along the line
    std::array<std::uint8_t, 2> pos{};  // first cells of its pieces (at most two on lines up to 6)
};

struct Sequence {
    std::vector<int> lens;
    std::vector<Placement> at;  // every placement
    // [occupied cells of the crossing pieces][placement]: the index among the placements that
    // fit (255: it does not fit).
    std::vector<std::array<std::uint8_t, 8>> index;    // [occ][i]
    std::vector<std::array<std::uint8_t, 8>> fitting;  // [occ][k]: the k-th that fits
    std::vector<std::uint8_t> fits;                    // [occ]: how many fit
    // The placements one slide away: [occ * 8 + i] how many, [(occ * 8 + i) * 8 + j] the j-th.
    std::vector<std::uint8_t> move_n, move_to;
};

int n = 6;
std::vector<Sequence> seqs;  // the sequences a line may hold (not filling it)
Sequence car;                // the exit row's

void place(Sequence& s, std::size_t k, int from, Placement p) {
    if (k == s.lens.size()) {
        s.at.push_back(p);
        return;
    }
    if (k >= p.pos.size()) return;  // lines up to 6 cells hold at most two pieces
    for (int q = from; q + s.lens[k] <= n; ++q) {
        Placement r = p;
        r.mask = static_cast<std::uint8_t>(r.mask | (((1 << s.lens[k]) - 1) << q));
        r.pos[k] = static_cast<std::uint8_t>(q);
        place(s, k + 1, q + s.lens[k], r);
    }
}

void prepare(Sequence& s) {
    place(s, 0, 0, Placement{});
    const int lines = 1 << n;
    s.move_n.assign(static_cast<std::size_t>(lines) * 8, 0);
    s.move_to.assign(static_cast<std::size_t>(lines) * 64, 0);
    s.index.resize(static_cast<std::size_t>(lines));
    s.fits.assign(static_cast<std::size_t>(lines), 0);
    s.fitting.resize(static_cast<std::size_t>(lines));
    std::map<std::array<std::uint8_t, 2>, std::uint8_t> by_pos;
    for (std::size_t i = 0; i < s.at.size(); ++i) by_pos[s.at[i].pos] = static_cast<std::uint8_t>(i);
    for (int o = 0; o < lines; ++o) {
        auto& idx = s.index[static_cast<std::size_t>(o)];
        idx.fill(255);
        std::uint8_t f = 0;
        for (std::size_t i = 0; i < s.at.size(); ++i)
            if ((s.at[i].mask & o) == 0)
                s.fitting[static_cast<std::size_t>(o)][f] = static_cast<std::uint8_t>(i), idx[i] = f++;
        s.fits[static_cast<std::size_t>(o)] = f;
        for (std::size_t i = 0; i < s.at.size(); ++i) {
            if (idx[i] == 255) continue;
            const Placement& p = s.at[i];
            for (std::size_t k = 0; k < s.lens.size(); ++k) {
                const int len = s.lens[k];
                const int taken = o | (p.mask & ~(((1 << len) - 1) << p.pos[k]));
                for (int dir = -1; dir <= 1; dir += 2)
                    for (int q = p.pos[k] + dir; q >= 0 && q + len <= n; q += dir) {
                        if (((((1 << len) - 1) << q) & taken) != 0) break;
                        std::array<std::uint8_t, 2> to = p.pos;
                        to[k] = static_cast<std::uint8_t>(q);
                        const std::size_t at = static_cast<std::size_t>(o) * 8 + i;
                        s.move_to[at * 8 + s.move_n[at]++] = by_pos.at(to);
                    }
            }
        }
    }
}

// A state inside a class: its H (row placements, mixed radix) and each column's placement.
struct State {
    std::uint32_t h;
    std::array<std::uint8_t, 8> col;
};

struct Totals {
    std::uint64_t classes = 0, states = 0, clusters = 0, solvable = 0, class_h = 0, solvable_states = 0;
    std::uint64_t largest = 0, in_small = 0, in_medium = 0;  // states in classes of <= 10^3, <= 10^4
    std::vector<std::uint64_t> hardest = std::vector<std::uint64_t>(128, 0);
    std::clock_t setup = 0, flood = 0, bfs = 0;
};

class ClassEngine {
public:
    // The row choice: the sequence of each row (the exit row's is the car's).
    explicit ClassEngine(const std::array<const Sequence*, 6>& rows) : rows_(rows) {
        std::uint32_t hs = 1;
        for (int r = n - 1; r >= 0; --r) {
            row_stride_[static_cast<std::size_t>(r)] = hs;
            hs *= static_cast<std::uint32_t>(rows_[static_cast<std::size_t>(r)]->at.size());
        }
        hcount_ = hs;
        colocc_.assign(hcount_, {});
        rowpl_.assign(hcount_, {});
        for (std::uint32_t h = 0; h < hcount_; ++h)
            for (int r = 0; r < n; ++r) {
                const auto ur = static_cast<std::size_t>(r);
                const auto i = static_cast<std::uint8_t>(h / row_stride_[ur] % rows_[ur]->at.size());
                rowpl_[h][ur] = i;
                for (int c = 0; c < n; ++c)
                    if (rows_[ur]->at[i].mask >> c & 1)
                        colocc_[h][static_cast<std::size_t>(c)] |= static_cast<std::uint8_t>(1 << r);
            }
        base_.assign(hcount_, 0);
        stride_.assign(hcount_, {});
        hs_.resize(static_cast<std::size_t>(n) + 1);
        hs_[0].resize(hcount_);
        for (std::uint32_t h = 0; h < hcount_; ++h) hs_[0][h] = h;
    }

    // Every class of this row choice: the columns' sequences chosen left to right, keeping the
    // H whose columns so far each have a placement that fits.
    void run(Totals& t) { choose(0, t); }

private:
    void choose(int c, Totals& t) {
        const auto uc = static_cast<std::size_t>(c);
        if (c == n) {
            one_class(t);
            return;
        }
        for (const Sequence& s : seqs) {
            std::vector<std::uint32_t>& next = hs_[uc + 1];
            next.clear();
            for (const std::uint32_t h : hs_[uc])
                if (s.fits[colocc_[h][uc]]) next.push_back(h);
            if (next.empty()) continue;
            cols_[uc] = &s;
            choose(c + 1, t);
        }
    }

    std::uint64_t col_index(std::uint32_t h, std::size_t c, std::uint8_t i) const {
        return cols_[c]->index[colocc_[h][c]][i];
    }
    std::uint64_t rank(const State& s) const {
        std::uint64_t r = base_[s.h];
        for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c)
            r += col_index(s.h, c, s.col[c]) * stride_[s.h][c];
        return r;
    }

    // Calls f(child, its number) for every slide from s (number r); only the primary car's when
    // car_only.
    template <class F>
    void moves(const State& s, std::uint64_t r, bool car_only, F&& f) const {
        std::uint64_t vert = 0;  // the vertical pieces' cells, row r in byte r
        for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c) vert |= cells_t_[c][s.col[c]];
        for (int row = 0; row < n; ++row) {
            if (car_only && row != kExitRow) continue;
            const auto ur = static_cast<std::size_t>(row);
            const std::uint8_t i = rowpl_[s.h][ur];
            const std::size_t at = (((vert >> (8 * ur)) & 0xFF) << 3) + i;
            const std::uint8_t* to = rows_[ur]->move_to.data() + at * 8;
            for (std::uint8_t j = 0, m = rows_[ur]->move_n[at]; j < m; ++j) {
                State k = s;
                k.h = s.h + (static_cast<std::uint32_t>(to[j]) - i) * row_stride_[ur];
                f(k, rank(k));
            }
        }
        if (car_only) return;
        for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c) {
            const std::uint8_t o = colocc_[s.h][c];
            const std::uint8_t* idx = cols_[c]->index[o].data();
            const std::uint64_t from = idx[s.col[c]];
            const std::size_t at = (std::size_t{o} << 3) + s.col[c];
            const std::uint8_t* to = cols_[c]->move_to.data() + at * 8;
            const std::uint64_t stride = stride_[s.h][c];
            for (std::uint8_t j = 0, m = cols_[c]->move_n[at]; j < m; ++j) {
                State k = s;
                k.col[c] = to[j];
                f(k, r + (idx[to[j]] - from) * stride);
            }
        }
    }

    void one_class(Totals& t) {
        const std::clock_t t0 = std::clock();
        last_ = hs_[static_cast<std::size_t>(n)];
        std::uint64_t total = 0;
        for (const std::uint32_t h : last_) {
            std::uint64_t cnt = 1;
            for (int c = n - 1; c >= 0; --c) {
                const auto uc = static_cast<std::size_t>(c);
                stride_[h][uc] = static_cast<std::uint32_t>(cnt);
                cnt *= cols_[uc]->fits[colocc_[h][uc]];
            }
            base_[h] = total;
            total += cnt;
        }
        for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c) {
            cells_t_[c].fill(0);
            for (std::size_t i = 0; i < cols_[c]->at.size(); ++i)
                for (int row = 0; row < n; ++row)
                    if (cols_[c]->at[i].mask >> row & 1)
                        cells_t_[c][i] |= std::uint64_t{1} << (8 * row + static_cast<int>(c));
        }
        ++t.classes;
        t.states += total;
        t.largest = std::max(t.largest, total);
        t.in_small += total <= 1000 ? total : 0;
        t.in_medium += total <= 10000 ? total : 0;
        t.class_h += last_.size();
        label_.assign(total, kNone);
        dist_.assign(total, 255);
        const std::clock_t t1 = std::clock();
        t.setup += t1 - t0;
        // 1. The clusters: a flood fill from every state not yet labelled, in number order.
        std::uint32_t clusters = 0;
        each_state([&](const State& s, std::uint64_t r) {
            if (label_[r] != kNone) return;
            const std::uint32_t id = clusters++;
            label_[r] = id;
            stack_.clear();
            stack_.push_back({s, r});
            while (!stack_.empty()) {
                const auto [x, rx] = stack_.back();
                stack_.pop_back();
                moves(x, rx, false, [&](const State& c, std::uint64_t rc) {
                    if (label_[rc] == kNone) label_[rc] = id, stack_.push_back({c, rc});
                });
            }
        });
        t.clusters += clusters;
        best_.assign(clusters, 0);
        solvable_.assign(clusters, 0);
        const std::clock_t t2 = std::clock();
        t.flood += t2 - t1;
        // 2. Distances from all the goals (the car at the exit) at once.
        queue_.clear();
        const auto goal = static_cast<std::uint8_t>(rows_[kExitRow]->at.size() - 1);
        each_state([&](const State& s, std::uint64_t r) {
            if (rowpl_[s.h][kExitRow] != goal) return;
            dist_[r] = 0;
            queue_.push_back({s, r});
            solvable_[label_[r]] = 1;
        });
        const std::size_t goals = queue_.size();
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const auto [s, r] = queue_[head];
            const std::uint8_t d = dist_[r];
            moves(s, r, head < goals, [&](const State& c, std::uint64_t rc) {
                if (dist_[rc] != 255) return;
                dist_[rc] = static_cast<std::uint8_t>(d + 1);
                const std::uint32_t id = label_[rc];
                best_[id] = std::max<std::uint32_t>(best_[id], d + 1u);
                queue_.push_back({c, rc});
            });
        }
        t.solvable_states += queue_.size();
        for (std::uint32_t id = 0; id < clusters; ++id)
            if (solvable_[id]) ++t.solvable, ++t.hardest[best_[id]];
        t.bfs += std::clock() - t2;
    }

    // Calls f(state, number) for every state of the class, in number order.
    template <class F>
    void each_state(F&& f) const {
        for (const std::uint32_t h : last_) {
            std::array<std::uint8_t, 8> k{};  // each column's index among the placements that fit
            State s{h, {}};
            const std::uint64_t cnt = stride_[h][0] * std::uint64_t{cols_[0]->fits[colocc_[h][0]]};
            for (std::uint64_t j = 0; j < cnt; ++j) {
                for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c)
                    s.col[c] = cols_[c]->fitting[colocc_[h][c]][k[c]];
                f(s, base_[h] + j);
                for (int c = n - 1; c >= 0; --c) {  // the next number: the last column fastest
                    const auto uc = static_cast<std::size_t>(c);
                    if (++k[uc] < cols_[uc]->fits[colocc_[h][uc]]) break;
                    k[uc] = 0;
                }
            }
        }
    }

    struct Node {
        State s;
        std::uint64_t r;
    };
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    std::array<const Sequence*, 6> rows_;
    std::array<const Sequence*, 6> cols_{};
    std::array<std::array<std::uint64_t, 8>, 6> cells_t_{};  // [column][placement]: cells, row r in byte r
    std::array<std::uint32_t, 6> row_stride_{};
    std::uint32_t hcount_ = 0;
    std::vector<std::array<std::uint8_t, 6>> colocc_, rowpl_;  // [h]: per column / per row
    std::vector<std::vector<std::uint32_t>> hs_;               // [columns chosen]: the H still fitting
    std::vector<std::uint32_t> last_;                          // the class's H
    std::vector<std::uint64_t> base_;
    std::vector<std::array<std::uint32_t, 6>> stride_;
    std::vector<std::uint32_t> label_, best_;
    std::vector<std::uint8_t> dist_, solvable_;
    std::vector<Node> stack_, queue_;
};

}  // namespace

int main(int argc, char** argv) {
    n = argc > 1 ? std::atoi(argv[1]) : 6;
    const std::uint64_t every = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 97;
    const std::uint64_t offset = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
    if (n < 4 || n > 6 || every == 0 || offset >= every) return 2;
    // The sequences of 2s and 3s that leave a line of n cells not filled.
    std::vector<std::vector<int>> lens{{}};
    for (std::size_t i = 0; i < lens.size(); ++i) {
        int used = 0;
        for (int l : lens[i]) used += l;
        for (int l : {2, 3})
            if (used + l < n) {
                std::vector<int> more = lens[i];
                more.push_back(l);
                lens.push_back(more);
            }
    }
    for (const auto& l : lens) {
        seqs.emplace_back();
        seqs.back().lens = l;
        prepare(seqs.back());
    }
    car.lens = {2};
    prepare(car);
    std::uint64_t choices = 1;
    for (int r = 0; r < n - 1; ++r) choices *= seqs.size();
    Totals t;
    std::uint64_t sampled = 0;
    const std::clock_t t0 = std::clock();
    for (std::uint64_t s = offset; s < choices; s += every) {
        std::array<const Sequence*, 6> rows{};
        std::uint64_t x = s;
        for (int r = 0; r < n; ++r) {
            if (r == kExitRow) {
                rows[static_cast<std::size_t>(r)] = &car;
                continue;
            }
            rows[static_cast<std::size_t>(r)] = &seqs[x % seqs.size()];
            x /= seqs.size();
        }
        ClassEngine e(rows);
        e.run(t);
        ++sampled;
    }
    const double cpu = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    std::printf("size %d: %llu row choices, %llu sampled (every %llu from %llu)\n", n,
                static_cast<unsigned long long>(choices), static_cast<unsigned long long>(sampled),
                static_cast<unsigned long long>(every), static_cast<unsigned long long>(offset));
    std::printf("classes %llu, states %llu, clusters %llu, solvable %llu (%llu states)\n",
                static_cast<unsigned long long>(t.classes), static_cast<unsigned long long>(t.states),
                static_cast<unsigned long long>(t.clusters), static_cast<unsigned long long>(t.solvable),
                static_cast<unsigned long long>(t.solvable_states));
    std::printf("largest class %llu states; %.1f%% of the states in classes of at most 1,000, %.1f%% at most 10,000\n",
                static_cast<unsigned long long>(t.largest),
                t.states ? 100.0 * static_cast<double>(t.in_small) / static_cast<double>(t.states) : 0,
                t.states ? 100.0 * static_cast<double>(t.in_medium) / static_cast<double>(t.states) : 0);
    std::printf("hardest distance of the solvable clusters:");
    for (std::size_t d = t.hardest.size(); d-- > 0;)
        if (t.hardest[d]) std::printf(" %zu:%llu", d, static_cast<unsigned long long>(t.hardest[d]));
    const auto secs = [](std::clock_t c) { return static_cast<double>(c) / CLOCKS_PER_SEC; };
    std::printf(
        "\nCPU %.2f s (classes and their blocks %.2f, flood fill %.2f, distances %.2f; %llu blocks): %.1f ns "
        "per state; all %llu row choices projected %.0f CPU-s\n",
        cpu, secs(t.setup), secs(t.flood), secs(t.bfs), static_cast<unsigned long long>(t.class_h),
        t.states ? cpu / static_cast<double>(t.states) * 1e9 : 0, static_cast<unsigned long long>(choices),
        cpu * static_cast<double>(choices) / static_cast<double>(sampled));
    return 0;
}
