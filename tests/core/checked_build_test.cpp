// Proves that the checked builds really check: in the ASan+UBSan build a heap overflow and a
// signed overflow must abort, in the _GLIBCXX_DEBUG build an out-of-range vector index must
// abort. Without these, a misconfigured preset would run the suite unchecked and still pass.
// In an ordinary build there is nothing to prove and the tests say so by skipping.
#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define BITSOLVE_HAS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BITSOLVE_HAS_ASAN 1
#endif
#endif

namespace {

// Inputs and results go through volatile globals so that the optimiser can neither fold the
// faults away nor see the allocation size (which would let UBSan report it before ASan).
volatile int g_n = 4;
volatile int g_big = INT_MAX;
volatile int g_sink = 0;

[[maybe_unused]] void read_past_end() {
    const int n = g_n;
    int* p = new int[static_cast<std::size_t>(n)]();
    g_sink = p[g_n];  // one past the end
    delete[] p;
}

[[maybe_unused]] void add_one() { g_sink = g_big + 1; }

[[maybe_unused]] void index_vector() {
    std::vector<int> v(3, 7);
    g_sink = v[static_cast<std::size_t>(g_n)];
}

TEST(CheckedBuild, AddressSanitizerCatchesHeapOverflow) {
#ifdef BITSOLVE_HAS_ASAN
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(read_past_end(), "heap-buffer-overflow");
#else
    GTEST_SKIP() << "not an AddressSanitizer build";
#endif
}

TEST(CheckedBuild, UndefinedSanitizerTrapsSignedOverflow) {
#ifdef BITSOLVE_SANITIZE_UNDEFINED
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(add_one(), "signed integer overflow");
#else
    GTEST_SKIP() << "not an UndefinedBehaviorSanitizer build";
#endif
}

TEST(CheckedBuild, GlibcxxDebugCatchesVectorIndex) {
#ifdef _GLIBCXX_DEBUG
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(index_vector(), "out-of-bounds|subscript");
#else
    GTEST_SKIP() << "not a _GLIBCXX_DEBUG build";
#endif
}

}  // namespace
