// bitsolve.queens: N-Queens counts on threads without the GIL; progress to a Python callable,
// Ctrl-C and timeouts through the library's stop flag.
#include <pybind11/stl.h>

#include <mutex>
#include <optional>
#include <string>

#include "bitsolve/queens/count.hpp"
#include "bitsolve/queens/summary.hpp"
#include "common.hpp"

namespace bitsolve::python {
namespace {

using namespace bitsolve::queens;

py::int_ to_int(Count c) {
    const std::string digits = to_string(c);
    return py::reinterpret_steal<py::int_>(PyLong_FromString(digits.c_str(), nullptr, 10));
}

struct QueensSummary {
    int n = 0;
    py::int_ total, unique, asymmetric, rot180, rot90, full;
};

Summary run_count(long long n_arg, long long threads_value, const py::object& progress,
                  std::optional<double> timeout_value) {
    const int n = static_cast<int>(int_arg(n_arg, "n", 1, 32));
    const unsigned threads = threads_arg(threads_value);
    const double timeout = timeout_arg(timeout_value);
    std::mutex m;
    Progress latest;
    bool fresh = false;
    Summary result;
    std::function<void()> tick;
    if (!progress.is_none()) {
        tick = [&] {
            Progress p;
            {
                const std::lock_guard lock(m);
                if (!fresh) return;
                p = latest;
                fresh = false;
            }
            progress(p.done, p.total);
        };
    }
    run_watched(
        [&] {
            const Split split = make_split(n);
            RunState state = start_state(split, ShardSpec{}, "");
            CountOptions opt;
            opt.threads = threads;
            opt.progress = [&](const Progress& p) {
                const std::lock_guard lock(m);
                latest = p;
                fresh = true;
            };
            run_checkpointed(split, state, opt);
            result = summarise(n, state.counts);
        },
        timeout, tick);
    return result;
}

}  // namespace

void add_queens(py::module_& parent) {
    auto m = parent.def_submodule("queens", "N-Queens: exact solution counts (N = 1..32).");
    py::class_<QueensSummary>(m, "Summary", "Total and unique counts, the unique ones by symmetry class.")
        .def_readonly("n", &QueensSummary::n)
        .def_readonly("total", &QueensSummary::total, "all solutions")
        .def_readonly("unique", &QueensSummary::unique, "solutions up to rotation and reflection")
        .def_readonly("asymmetric", &QueensSummary::asymmetric, "unique solutions with 8 distinct images")
        .def_readonly("rot180", &QueensSummary::rot180, "unique ones symmetric under 180 degrees only")
        .def_readonly("rot90", &QueensSummary::rot90, "unique ones symmetric under 90 degrees")
        .def_readonly("full", &QueensSummary::full, "unique ones fixed by all 8 symmetries (N = 1)")
        .def("__repr__", [](const QueensSummary& s) {
            return "queens.Summary(n=" + std::to_string(s.n) + ", total=" + py::repr(s.total).cast<std::string>() +
                   ", unique=" + py::repr(s.unique).cast<std::string>() + ")";
        });
    const char* common_doc = R"(threads: 0 for all cores, up to 1024. progress: called as progress(done, total) with the
finished sub-problems, from the calling thread, at most every 50 ms. timeout: seconds (None or 0:
none). Ctrl-C stops the count (KeyboardInterrupt); a timeout raises TimeoutError; n outside 1..32,
threads outside 0..1024 or a negative or NaN timeout raise ValueError.)";
    m.def(
        "count",
        [](long long n, bool unique, long long threads, const py::object& progress, std::optional<double> timeout) {
            const Summary s = run_count(n, threads, progress, timeout);
            return to_int(unique ? s.unique : s.total);
        },
        py::arg("n"), py::arg("unique") = false, py::arg("threads") = 0, py::arg("progress") = py::none(),
        py::arg("timeout") = py::none(),
        (std::string("Counts the solutions on an n x n board (unique=True: up to symmetry).\n") + common_doc).c_str());
    m.def(
        "summary",
        [](long long n, long long threads, const py::object& progress, std::optional<double> timeout) {
            const Summary s = run_count(n, threads, progress, timeout);
            return QueensSummary{static_cast<int>(n), to_int(s.total), to_int(s.unique), to_int(s.asymmetric),
                                 to_int(s.rot180),    to_int(s.rot90), to_int(s.full)};
        },
        py::arg("n"), py::arg("threads") = 0, py::arg("progress") = py::none(), py::arg("timeout") = py::none(),
        (std::string("Counts the solutions on an n x n board, with the unique ones by symmetry class.\n") + common_doc)
            .c_str());
}

}  // namespace bitsolve::python
