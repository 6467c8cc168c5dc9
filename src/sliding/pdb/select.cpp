#include "bitsolve/sliding/pdb/select.hpp"

#include <algorithm>
#include <atomic>
#include <future>
#include <map>
#include <mutex>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/table.hpp"

namespace bitsolve::sliding::pdb {
namespace {

bool computed(std::string_view name) { return name == "md" || name == "lc"; }

bool is_ida(Algorithm a) { return a == Algorithm::Auto || a == Algorithm::Ida; }

bool all_cached(const std::filesystem::path& dir, const std::vector<PatternSpec>& specs) {
    if (dir.empty()) return false;
    return std::all_of(specs.begin(), specs.end(),
                       [&](const PatternSpec& s) { return std::filesystem::exists(table_path(dir, s)); });
}

// What a table takes once loaded for a search: its entries, or for a zero-aware table its lookup
// form, as large as its cache file when there is one, else the least it can take
// (zero_aware_lookup_bytes_at_least: the most is far above what the forms take and would refuse
// searches that fit). The heuristic holds the exact sizes once built.
std::uint64_t loaded_bytes(const std::filesystem::path& dir, const PatternSpec& spec) {
    if (!spec.zero_aware) return spec.table_entries();
    const std::uint64_t cached = dir.empty() || !kFormFiles ? 0 : payload_bytes(form_path(dir, spec));
    return cached != 0 ? cached : zero_aware_lookup_bytes_at_least(spec);
}

}  // namespace

int choose_prune_depth(std::string_view name, const PdbHeuristic* db, std::optional<int> given) {
    if (given) return *given;
    return name == "best" && db ? best_prune_depth(db->geometry()) : 2;
}

std::string choose_partition(std::string_view name, const Board& goal, Algorithm algorithm,
                             const std::filesystem::path& cache_dir) {
    if (computed(name)) return {};
    const Geometry g = goal.geo;
    const unsigned n = static_cast<unsigned>(g.cells()), blank = static_cast<unsigned>(goal.blank());
    if (name == "auto" || name == "best") {
        // best: the strongest shipped. auto: the same, but 6-6-3 (seconds to build) until the 7-8
        // tables are cached. Other sizes and goals keep the computed heuristic.
        if (blank != 0 && blank != n - 1) return {};
        std::string chosen(best_partition(g));
        if (name == "auto" && chosen == "pdb78" && !all_cached(cache_dir, named_partition("pdb78", g, blank)))
            chosen = "pdb663";
        return is_ida(algorithm) ? chosen : std::string();
    }
    if (!is_ida(algorithm))
        throw UsageError(std::string("pattern databases are a heuristic of IDA*, not of ") + algorithm_name(algorithm));
    named_partition(name, g, blank);  // throws when it does not fit
    return std::string(name);
}

std::shared_ptr<const PdbHeuristic> select_pdb(std::string_view name, const Board& goal, Algorithm algorithm,
                                               const TableSource& source) {
    const std::string partition = choose_partition(name, goal, algorithm, source.dir);
    if (partition.empty()) return nullptr;
    // Events come from the loading threads and the form's thread too: one at a time.
    TableSource serial = source;
    std::mutex reporting;
    if (source.report)
        serial.report = [&reporting, &source](const TableEvent& e) {
            const std::lock_guard<std::mutex> lock(reporting);
            source.report(e);
        };
    // A pattern that several partitions share is obtained once. A zero-aware table in the cache
    // gives its lookup form straight from the file, a table per thread (load_zero_aware_lookup:
    // the table is never held whole). Any other zero-aware table is turned into its form as soon
    // as it is obtained (on a thread of its own while the next table is obtained, unless one
    // thread was asked for) and its bytes let go. So loading holds the forms and two tables at
    // most, not every table before the heuristic builds their forms.
    struct Obtained {
        std::shared_ptr<const PdbTable> table;
        std::shared_ptr<const ZeroAwareLookup> lookup;
        std::string not_written;  // why its form could not be cached
    };
    const auto partitions = named_partitions(partition, goal.geo, static_cast<unsigned>(goal.blank()));
    std::map<std::string, Obtained> obtained;
    std::shared_ptr<const RegionLabels> labels[kMaxPatternTiles + 1];
    std::vector<PatternSpec> cached;  // distinct zero-aware patterns, tried in the cache first
    std::vector<PatternSpec> distinct;
    for (const auto& specs : partitions)
        for (const auto& spec : specs) {
            if (spec.zero_aware && !labels[spec.k()])
                labels[spec.k()] = std::make_shared<const RegionLabels>(goal.geo, spec.k());
            if (std::find(distinct.begin(), distinct.end(), spec) != distinct.end()) continue;
            distinct.push_back(spec);
            if (spec.zero_aware && !source.dir.empty()) cached.push_back(spec);
        }
    // The tables are held together for the whole search: refused before any is read or built
    // when together they would exceed the memory budget.
    std::uint64_t held = 0;
    for (const auto& spec : distinct) held += loaded_bytes(source.dir, spec);
    require_memory(static_cast<std::size_t>(held), "the heuristic " + partition);
    using Kind = TableEvent::Kind;
    std::size_t ready = 0;      // (under `reporting`)
    std::uint64_t to_read = 0;  // (only for the events: it stats the cache files)
    if (source.report)
        for (const auto& spec : distinct) to_read += expected_read_bytes(source.dir, spec);
    std::atomic<std::uint64_t> read{0};  // payload bytes of the cache files read so far
    auto report_ready = [&](const PatternSpec& spec, Kind kind = Kind::Ready) {
        if (!source.report) return;
        const std::filesystem::path file = source.dir.empty() ? std::filesystem::path{} : table_path(source.dir, spec);
        const std::lock_guard<std::mutex> lock(reporting);
        if (kind == Kind::Ready) ++ready;
        source.report({kind, spec, file, {}, {}, {}, ready, distinct.size(), read.load(), to_read});
    };
    // The loads' progress, reported as Reading each time the bytes read pass a multiple of
    // kReadPiece.
    auto progress_of = [&](const PatternSpec& spec) -> ReadProgress {
        if (!source.report) return {};
        return [&read, &report_ready, &spec](std::uint64_t bytes) {
            const std::uint64_t before = read.fetch_add(bytes);
            if ((before + bytes) / kReadPiece != before / kReadPiece) report_ready(spec, Kind::Reading);
        };
    };
    report_ready(distinct.front(), Kind::Loading);
    std::vector<LookupLoadResult> loaded(cached.size());
    std::vector<std::string> rejected(cached.size()), not_written(cached.size());
    parallel_for(cached.size(), source.threads, [&](std::size_t i) {
        loaded[i] = load_cached_lookup(source.dir, cached[i], *labels[cached[i].k()], rejected[i], not_written[i],
                                       progress_of(cached[i]));
        if (loaded[i].status == LoadStatus::Ok) report_ready(cached[i]);
    });
    check_stop();
    for (std::size_t i = 0; i < cached.size() && serial.report; ++i) {
        const std::filesystem::path form = form_path(source.dir, cached[i]);
        if (!rejected[i].empty()) serial.report({Kind::FormRejected, cached[i], form, rejected[i], {}, {}});
        if (!not_written[i].empty()) serial.report({Kind::NotCached, cached[i], form, not_written[i], {}, {}});
    }
    for (std::size_t i = 0; i < cached.size(); ++i)
        if (loaded[i].status == LoadStatus::Ok)
            obtained[cached[i].key()] = {
                std::make_shared<const PdbTable>(PdbTable{cached[i], {}}), loaded[i].lookup, {}};
    loaded.clear();
    std::future<void> forming;  // the last form's build; declared after what it writes to
    for (const auto& specs : partitions) {
        for (const auto& spec : specs) {
            Obtained& o = obtained[spec.key()];
            if (o.table) continue;
            auto table = std::make_shared<const PdbTable>(obtain_table(spec, serial, progress_of(spec)));
            if (!spec.zero_aware || table->data.size() != spec.table_entries()) {
                o.table = std::move(table);  // (a table that does not fit is the heuristic's to refuse)
                report_ready(spec);
                continue;
            }
            o.table = std::make_shared<const PdbTable>(PdbTable{spec, {}});
            // The form is cached beside the table, as a form loaded from it would be (a failure to
            // write it reported only after the form's thread is joined, below; the table's Ready
            // from that thread, under the lock).
            auto form = [&o, &source, &report_ready, lab = labels[spec.k()], table = std::move(table)]() mutable {
                o.lookup = std::make_shared<const ZeroAwareLookup>(make_zero_aware_lookup(*table, *lab));
                o.not_written = cache_form_of(source.dir, *table, *o.lookup);
                report_ready(table->spec);
                table.reset();
            };
            if (forming.valid()) forming.get();  // one form at a time beside the loading
            if (source.threads == 1) form();
            else forming = std::async(std::launch::async, std::move(form));
        }
    }
    if (forming.valid()) forming.get();
    for (const auto& [key, o] : obtained)
        if (!o.not_written.empty() && serial.report)
            serial.report(
                {Kind::NotCached, o.table->spec, form_path(source.dir, o.table->spec), o.not_written, {}, {}});
    std::vector<PdbSet> sets;
    for (const auto& specs : partitions) {
        PdbSet set;
        for (const auto& spec : specs) {
            const Obtained& o = obtained.at(spec.key());
            set.tables.push_back(o.table);
            set.lookups.push_back(o.lookup);
        }
        sets.push_back(std::move(set));
    }
    obtained.clear();  // the heuristic alone holds the tables, so it can release what it transforms
    return std::make_shared<const PdbHeuristic>(goal, std::move(sets), true, is_dual_name(partition));
}

std::optional<Board> batch_goal(std::string_view name, const BatchOptions& batch) {
    if (computed(name)) return std::nullopt;
    if (batch.goal) return *batch.goal;
    Geometry g;
    if (batch.size) g = *batch.size;
    else if (name == "auto" || name == "best") return std::nullopt;
    else g = partition_geometry(name);
    return batch.blank_first ? blank_first_goal(g) : blank_last_goal(g);
}

}  // namespace bitsolve::sliding::pdb
