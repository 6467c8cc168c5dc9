#include "pdb_tables.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "progress.hpp"

namespace bitsolve::cli {

std::filesystem::path default_pdb_dir(const char* options) {
    try {
        // getenv is safe here: nothing in the program writes the environment.
        return sliding::pdb::default_cache_dir(std::getenv("XDG_CACHE_HOME"),  // NOLINT(concurrency-mt-unsafe)
                                               std::getenv("HOME"));           // NOLINT(concurrency-mt-unsafe)
    } catch (const UsageError& e) {
        throw UsageError(std::string(e.what()) + "; set one, or use " + options);
    }
}

std::string bytes_read(std::uint64_t read, std::uint64_t to_read) {
    if (to_read == 0) return {};
    const bool giga = to_read >= 1'000'000'000, mega = to_read >= 1'000'000;
    const double unit = giga ? 1e9 : mega ? 1e6 : 1e3;
    return fmt::format(", {:.1f} of {:.1f} {} read", static_cast<double>(std::min(read, to_read)) / unit,
                       static_cast<double>(to_read) / unit,
                       giga   ? "GB"
                       : mega ? "MB"
                              : "kB");
}

std::string loading_status(const sliding::pdb::TableEvent& e, double seconds) {
    return fmt::format("loading pattern databases: {} of {} ready{} ({:.0f} s)", e.ready, e.needed,
                       bytes_read(e.read, e.to_read), seconds);
}

std::string checking_status(std::size_t at, std::size_t of, std::uint64_t read, std::uint64_t to_read, double seconds) {
    return fmt::format("checking the cached tables: {} of {}{} ({:.0f} s)", at, of, bytes_read(read, to_read), seconds);
}

sliding::pdb::TableReport show_table_events() {
    using Kind = sliding::pdb::TableEvent::Kind;
    // The displays of the build and of the loading in progress, shared by the copies of the
    // callback. Loading shows only a status line, erased when every table is ready (or a build
    // starts: it prints lines of its own).
    auto build = std::make_shared<std::unique_ptr<ProgressDisplay>>();
    auto load = std::make_shared<std::unique_ptr<ProgressDisplay>>();
    return [build, load](const sliding::pdb::TableEvent& e) {
        switch (e.kind) {
            case Kind::Loading:
            case Kind::Ready:
            case Kind::Reading:
                if (!*load) *load = std::make_unique<ProgressDisplay>(ProgressDisplay::Style{0, 0, true});
                (*load)->status([&] { return loading_status(e, (*load)->seconds()); });
                if (e.ready == e.needed) load->reset();
                break;
            case Kind::Rejected:
                print_note(fmt::format("pattern database {}: {}; rebuilding", e.file.string(), e.reason));
                break;
            case Kind::Building:
                load->reset();
                *build = std::make_unique<ProgressDisplay>(ProgressDisplay::Style{});
                (*build)->line("building pattern database " + e.spec.key() +
                               (e.file.empty() ? std::string(" (in memory only)") : " into " + e.file.string()));
                break;
            case Kind::Layer:
                if (*build)
                    (*build)->status([&] {
                        const auto& p = e.layer;
                        const double frac =
                            p.total ? static_cast<double>(p.placements) / static_cast<double>(p.total) : 1.0;
                        return fmt::format("  {} {:5.1f}%  depth {:3}  states {:>13}", progress_bar(frac, 30),
                                           frac * 100.0, p.depth, p.states);
                    });
                break;
            case Kind::Built:
                if (*build)
                    (*build)->line(fmt::format("built {} in {:.1f} s (max distance {}, {} states)", e.spec.key(),
                                               e.info.seconds, e.info.max_depth, e.info.states));
                build->reset();
                break;
            case Kind::NotCached: print_note("pattern database not cached: " + e.reason); break;
            case Kind::FormRejected:
                print_note(
                    fmt::format("lookup form {}: {}; making it again from the table", e.file.string(), e.reason));
                break;
        }
    };
}

}  // namespace bitsolve::cli
