#pragma once
// Shared pieces of the Python module: running library calls without the GIL, and turning library
// errors into Python exceptions (InputError, UsageError -> ValueError; a time limit ->
// TimeoutError; Ctrl-C -> KeyboardInterrupt; any other limit, such as the memory budget ->
// MemoryError).
#include <pybind11/pybind11.h>

#include <exception>
#include <functional>

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

void add_sliding(py::module_& m);
void add_rush(py::module_& m);
void add_queens(py::module_& m);

}  // namespace bitsolve::python
