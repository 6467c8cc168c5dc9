// Random byte reads over a buffer as large as pattern database tables: what one table lookup
// costs on this machine, by footprint. A 24-puzzle search with 7-tile zero-aware tables reads
// about 2.8 entries a generated node, spread over 15 GB, so its node rate is bounded by this rate
// (docs/benchmarks.md). Independent: the addresses do not depend on what was read, so the core
// overlaps the misses (as a search's lookups of a node's children overlap); dependent: each
// address depends on the byte read before (one miss at a time: the latency). Huge: the buffer is
// madvised for transparent huge pages (the search's tables are).
//
//   build/bench/memory_bench --benchmark_filter='Independent'
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>

#include <benchmark/benchmark.h>

namespace {

// A buffer of 2^log2 bytes, every page touched; unmapped on destruction.
class Buffer {
public:
    Buffer(unsigned log2, bool huge) : size_(std::size_t{1} << log2) {
        void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
        bytes_ = static_cast<std::uint8_t*>(p);
        madvise(p, size_, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
        for (std::size_t i = 0; i < size_; i += 4096) bytes_[i] = static_cast<std::uint8_t>(i >> 12);
    }
    ~Buffer() { munmap(bytes_, size_); }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    const std::uint8_t* data() const { return bytes_; }
    std::size_t mask() const { return size_ - 1; }

private:
    std::size_t size_;
    std::uint8_t* bytes_;
};

// The buffer of the benchmark running: made again only when the arguments change (Google
// Benchmark calls a benchmark several times to size its runs; touching 8 GB takes seconds).
const Buffer& buffer(const benchmark::State& state) {
    static std::unique_ptr<Buffer> buf;
    static std::int64_t log2 = -1, huge = -1;
    if (state.range(0) != log2 || state.range(1) != huge) {
        buf.reset();
        log2 = state.range(0);
        huge = state.range(1);
        buf = std::make_unique<Buffer>(static_cast<unsigned>(log2), huge != 0);
    }
    return *buf;
}

constexpr std::int64_t kReads = 1 << 22;  // a batch of reads per benchmark iteration

std::uint64_t xorshift(std::uint64_t& x) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

// Arguments: log2 of the buffer's bytes, huge pages (0 or 1).
void Independent(benchmark::State& state) {
    const Buffer& buf = buffer(state);
    std::uint64_t x = 88172645463325252ULL, sum = 0;
    for (auto _ : state) {
        for (std::int64_t i = 0; i < kReads; ++i) sum += buf.data()[xorshift(x) & buf.mask()];
        benchmark::DoNotOptimize(sum);
    }
    state.counters["per_read"] = benchmark::Counter(static_cast<double>(state.iterations() * kReads),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void Dependent(benchmark::State& state) {
    const Buffer& buf = buffer(state);
    std::uint64_t x = 88172645463325252ULL, last = 0;
    for (auto _ : state) {
        for (std::int64_t i = 0; i < kReads / 16; ++i) last = buf.data()[(xorshift(x) + last) & buf.mask()];
        benchmark::DoNotOptimize(last);
    }
    state.counters["per_read"] = benchmark::Counter(static_cast<double>(state.iterations() * (kReads / 16)),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// 256 MB (a 6-tile table's form), 1 GB (four of them), 4 GB (a 7-tile one's), 8 GB.
void Sizes(benchmark::internal::Benchmark* b) {
    for (int log2 : {28, 30, 32, 33})
        for (int huge : {1, 0}) b->Args({log2, huge});
    b->ArgNames({"log2_bytes", "huge"})->Unit(benchmark::kMillisecond);
}

BENCHMARK(Independent)->Apply(Sizes);
BENCHMARK(Dependent)->Apply(Sizes);

}  // namespace

BENCHMARK_MAIN();
