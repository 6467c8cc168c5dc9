// Fuzz target: Rush Hour database files (rows, shard headers, zstd data) as `rush pick` and
// `rush merge` read them. Accepted rows and headers must read back identically from what the
// writers make of them; bad input is refused with InputError only.
#include <cstdint>
#include <string>

#include "bitsolve/rush/db_file.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::rush;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    std::vector<DbRow> rows;
    if (fuzz::accepts([&] { rows = parse_rows(text); })) {
        for (const DbRow& r : rows) FUZZ_CHECK(r.moves >= 0 && r.moves <= 999 && r.cluster_size >= 1);
        const std::vector<DbRow> again = parse_rows(format_rows(rows));
        FUZZ_CHECK(again.size() == rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i)
            FUZZ_CHECK(again[i].moves == rows[i].moves && again[i].board == rows[i].board &&
                       again[i].cluster_size == rows[i].cluster_size);
    }
    ShardHeader h;
    if (fuzz::accepts([&] { h = parse_shard_header(text); })) {
        FUZZ_CHECK(h.shard.index < h.shard.count);
        const ShardHeader again = parse_shard_header(format_shard_header(h));
        FUZZ_CHECK(again.params.size == h.params.size && again.params.max_walls == h.params.max_walls);
        FUZZ_CHECK(again.shard == h.shard && again.slices == h.slices && again.counts == h.counts);
    }
    if (size < 64) {
        DbShard s;
        if (fuzz::accepts([&] { s = parse_shard(text); }))
            FUZZ_CHECK(s.index < s.count && parse_shard(to_string(s)) == s);
    }
    std::string plain;
    if (fuzz::accepts([&] { plain = zstd_decompress(text, std::size_t{1} << 20); }))
        FUZZ_CHECK(plain.size() <= (1u << 20) + (1u << 17));
    return 0;
}
