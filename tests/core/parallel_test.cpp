// parallel_for: every index exactly once whatever the thread count, the first error rethrown, and
// the work done on fewer threads when the system refuses to start as many as asked.
#include <sys/resource.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "bitsolve/core/parallel.hpp"

namespace bitsolve {
namespace {

TEST(ParallelFor, EveryIndexOnceWhateverTheThreads) {
    for (const unsigned threads : {0U, 1U, 2U, 7U, 64U}) {
        std::vector<std::atomic<int>> hits(1000);
        parallel_for(hits.size(), threads, [&](std::size_t i) { hits[i].fetch_add(1); });
        for (std::size_t i = 0; i < hits.size(); ++i) ASSERT_EQ(hits[i].load(), 1) << "index " << i << ", " << threads;
    }
}

TEST(ParallelFor, RethrowsTheFirstError) {
    EXPECT_THROW(parallel_for(100, 2,
                              [](std::size_t i) {
                                  if (i == 17) throw std::runtime_error("17");
                              }),
                 std::runtime_error);
}

#if defined(__SANITIZE_ADDRESS__)
#define BITSOLVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BITSOLVE_ASAN 1
#endif
#endif

// The process's address space capped a little above what it uses, so that 1,000 threads of 8 MiB
// stacks cannot all start; exits 0 only when every index was still done once.
[[noreturn]] void count_under_a_cap() {
    unsigned long pages = 0;
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
        std::fclose(f);
    }
    if (pages == 0) std::_Exit(2);
    const rlim_t cap = static_cast<rlim_t>(pages) * 4096 + (64UL << 20);
    const rlimit limit{.rlim_cur = cap, .rlim_max = cap};
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(2);
    std::vector<std::atomic<int>> hits(20000);
    parallel_for(hits.size(), 1000, [&](std::size_t i) { hits[i].fetch_add(1); });
    for (const auto& h : hits)
        if (h.load() != 1) std::_Exit(1);
    std::_Exit(0);
}

TEST(ParallelForDeathTest, FewerThreadsWhenTheSystemRefusesThem) {
#ifdef BITSOLVE_ASAN
    GTEST_SKIP() << "the sanitizer's allocator does not run under an address-space limit";
#else
    EXPECT_EXIT(count_under_a_cap(), ::testing::ExitedWithCode(0), "");
#endif
}

}  // namespace
}  // namespace bitsolve
