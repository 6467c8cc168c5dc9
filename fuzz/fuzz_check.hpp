#pragma once
// Shared by the fuzz targets: invariant checks that abort (a finding for libFuzzer, a failed
// test for the replay runner), and the contract every parser error must keep.
//
// The contract: a parser rejects bad input only by throwing InputError (or UsageError where the
// text is an option value), and the message is what the CLI prints as its one stderr line, so
// it must be short, a single line, and free of raw control bytes (hostile input is quoted).
// Any other exception escapes the target and is reported as a crash.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "bitsolve/core/errors.hpp"

#define FUZZ_CHECK(cond)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
            std::abort();                                                                     \
        }                                                                                     \
    } while (0)

namespace bitsolve::fuzz {

// Longest acceptable error message: enough for "line L, column C: ..." with a quoted fragment,
// far below the size of the hostile inputs (which must never be echoed whole).
inline constexpr std::size_t kMaxMessage = 400;

inline void check_message(std::string_view what) {
    FUZZ_CHECK(!what.empty());
    FUZZ_CHECK(what.size() <= kMaxMessage);
    for (char ch : what) {
        const auto c = static_cast<unsigned char>(ch);
        FUZZ_CHECK(c >= 0x20 && c != 0x7F);
    }
}

// Runs f; returns true when it returned, false when it rejected the input with InputError
// (message checked). Other exceptions propagate: a crash.
template <class F>
bool accepts(F&& f) {
    try {
        f();
        return true;
    } catch (const InputError& e) {
        check_message(e.what());
        return false;
    }
}

// The same for option values, where UsageError is the documented rejection.
template <class F>
bool accepts_option(F&& f) {
    try {
        return accepts(std::forward<F>(f));
    } catch (const UsageError& e) {
        check_message(e.what());
        return false;
    }
}

inline std::string_view as_text(const unsigned char* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace bitsolve::fuzz
