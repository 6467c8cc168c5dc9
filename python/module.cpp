// The `bitsolve._core` extension: error mapping, the watched runner, and the three submodules
// (sliding.cpp, rush.cpp, queens.cpp). The package's __init__.py re-exports them.
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/version.hpp"
#include "common.hpp"

namespace bitsolve::python {

void raise_error(std::exception_ptr error, bool interrupted) {
    try {
        std::rethrow_exception(error);
    } catch (const py::error_already_set&) {
        throw;
    } catch (const InputError& e) {
        throw py::value_error(e.what());
    } catch (const UsageError& e) {
        throw py::value_error(e.what());
    } catch (const LimitError& e) {
        const StopReason reason = stop_reason();
        reset_stop();
        if (interrupted) throw py::error_already_set();
        if (reason == StopReason::Timeout) {
            PyErr_SetString(PyExc_TimeoutError, e.what());
        } else if (reason == StopReason::Interrupted) {
            PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
        } else {
            PyErr_SetString(PyExc_MemoryError, e.what());
        }
        throw py::error_already_set();
    }
}

long long int_arg(long long value, const char* name, long long lo, long long hi) {
    if (value < lo || value > hi)
        throw py::value_error(std::string(name) + " must be " + std::to_string(lo) + ".." + std::to_string(hi) +
                              ", not " + std::to_string(value));
    return value;
}

unsigned threads_arg(long long value) { return static_cast<unsigned>(int_arg(value, "threads", 0, 1024)); }

double timeout_arg(std::optional<double> timeout) {
    if (!timeout) return 0;
    if (std::isnan(*timeout) || *timeout < 0 || *timeout > 1e9)
        throw py::value_error("timeout must be 0..1e9 seconds, not " + std::string(py::str(py::float_(*timeout))));
    return *timeout;
}

void run_watched(const std::function<void()>& work, double timeout, const std::function<void()>& tick) {
    using Clock = std::chrono::steady_clock;
    reset_stop();
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::exception_ptr error;
    std::thread worker([&] {
        try {
            work();
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(m);
        done = true;
        cv.notify_all();
    });
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout);
    bool interrupted = false;
    std::exception_ptr tick_error;
    for (;;) {
        bool finished = false;
        {
            py::gil_scoped_release nogil;
            std::unique_lock lock(m);
            finished = cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; });
        }
        if (finished) break;
        if (!interrupted && PyErr_CheckSignals() != 0) {
            interrupted = true;
            request_stop(StopReason::Interrupted);
        }
        if (timeout > 0 && Clock::now() >= deadline) request_stop(StopReason::Timeout, timeout);
        if (tick && !interrupted && !tick_error) {
            try {
                tick();
            } catch (...) {  // the callback raised: stop the work, then re-raise it
                tick_error = std::current_exception();
                request_stop(StopReason::Interrupted);
            }
        }
    }
    {
        py::gil_scoped_release nogil;
        worker.join();
    }
    if (tick_error) {
        reset_stop();
        std::rethrow_exception(tick_error);
    }
    if (error) raise_error(error, interrupted);
    reset_stop();
    if (interrupted) throw py::error_already_set();
    if (tick) tick();
}

}  // namespace bitsolve::python

PYBIND11_MODULE(_core, m) {
    namespace bp = bitsolve::python;
    namespace py = pybind11;
    m.doc() = "bitsolve: exact solvers for sliding-tile puzzles, Rush Hour and N-Queens.";
    m.attr("__version__") = bitsolve::version();
    // Library errors raised outside the runners (parsing while holding the GIL).
    py::register_exception_translator([](std::exception_ptr p) {
        if (!p) return;
        try {
            std::rethrow_exception(p);
        } catch (const bitsolve::InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const bitsolve::UsageError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
    bp::add_sliding(m);
    bp::add_rush(m);
    bp::add_queens(m);
}
