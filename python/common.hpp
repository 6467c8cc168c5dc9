#pragma once
// Shared pieces of the Python module: running library calls without the GIL, and turning library
// errors into Python exceptions (InputError, UsageError -> ValueError; a time limit ->
// TimeoutError; Ctrl-C -> KeyboardInterrupt; any other limit, such as the memory budget ->
// MemoryError).
#include <pybind11/pybind11.h>

#include <exception>
#include <functional>
#include <optional>
#include <string>

namespace bitsolve::python {

namespace py = pybind11;

// Raises the Python exception for a library error (the GIL held). `interrupted`: a
// KeyboardInterrupt is already pending (PyErr_CheckSignals raised it).
[[noreturn]] void raise_error(std::exception_ptr error, bool interrupted);

// Runs `work` without the GIL on the calling thread (short calls: no thread is started).
template <class F>
auto run_released(F&& work) {
    try {
        py::gil_scoped_release nogil;
        return work();
    } catch (const py::error_already_set&) {
        throw;
    } catch (...) {
        raise_error(std::current_exception(), false);
    }
}

// Runs `work` on a worker thread while this thread, holding the GIL every 50 ms, checks for
// Ctrl-C (PyErr_CheckSignals) and the deadline (`timeout` seconds, 0 = none), requesting the
// library's stop when either comes, and calls `tick` (a progress report; may call Python).
void run_watched(const std::function<void()>& work, double timeout, const std::function<void()>& tick = {});

// An integer argument (taken as a 64-bit int, so that anything with __index__ converts) checked
// against [lo, hi]: ValueError naming `name` when it is outside.
long long int_arg(long long value, const char* name, long long lo, long long hi);

// Threads: 0 (all cores) to 1024, as the CLI's --threads.
unsigned threads_arg(long long value);

// A time limit in seconds (None or 0: none; up to 1e9, as the CLI's --timeout); ValueError for a
// negative or NaN one.
double timeout_arg(std::optional<double> timeout);

// Python's repr of a value ('text' in quotes, None for an empty optional; pybind11/stl.h where an
// optional is given), for the results' __repr__.
template <class T>
std::string repr_of(const T& value) {
    return py::repr(py::cast(value)).template cast<std::string>();
}

void add_sliding(py::module_& m);
void add_rush(py::module_& m);
void add_queens(py::module_& m);

}  // namespace bitsolve::python
