// Fuzz target: the N-Queens checkpoint and partial-result files (the files a long count
// resumes from and `queens merge` adds up). Accepted files must be self-consistent and read
// back identically from what the writers make of them.
#include <cstdint>
#include <string>

#include "bitsolve/queens/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::queens;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    CheckpointData cp;
    if (fuzz::accepts([&] { cp = parse_checkpoint(text); })) {
        FUZZ_CHECK(cp.n >= 1 && cp.n <= 32);
        FUZZ_CHECK(cp.shard.index >= 1 && cp.shard.index <= cp.shard.count);
        std::uint64_t prev_end = 0;
        for (std::size_t i = 0; i < cp.done.size(); ++i) {
            const auto [a, b] = cp.done[i];
            FUZZ_CHECK(a <= b && b < cp.items);
            FUZZ_CHECK(i == 0 || a > prev_end);
            prev_end = b;
        }
        FUZZ_CHECK(cp.done_count() <= cp.items);
        // Round trip through the writer, for shards small enough to expand.
        if (cp.items <= (1u << 16)) {
            RunState st;
            st.n = cp.n;
            st.shard = cp.shard;
            st.depth = cp.depth;
            st.items = cp.items;
            st.done.assign(cp.items, 0);
            for (const auto& [a, b] : cp.done)
                for (std::uint64_t j = a; j <= b; ++j) st.done[j] = 1;
            st.done_count = cp.done_count();
            st.counts = cp.counts;
            const CheckpointData again = parse_checkpoint(format_checkpoint(st));
            FUZZ_CHECK(again.n == cp.n && again.shard == cp.shard && again.depth == cp.depth);
            FUZZ_CHECK(again.items == cp.items && again.counts == cp.counts);
            FUZZ_CHECK(again.done_count() == cp.done_count());
        }
    }
    Partial p;
    if (fuzz::accepts([&] { p = parse_partial(text); })) {
        FUZZ_CHECK(p.n >= 1 && p.n <= 32);
        const Partial again = parse_partial(format_partial(p));
        FUZZ_CHECK(again.n == p.n && again.shard == p.shard && again.counts == p.counts);
    }
    return 0;
}
