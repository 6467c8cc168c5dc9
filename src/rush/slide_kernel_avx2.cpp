// The AVX2 kernel of the moves search (see slide_kernel.hpp): the occupancy-reading kernel
// (slide_kernel_occ.hpp) compiled for AVX2 and BMI2 whatever the build targets, run only where
// the CPU has them (core/cpu.hpp). Same children in the same order as the scalar kernel.
#include "bitsolve/core/target.hpp"
#include "bitsolve/rush/slide_kernel.hpp"
#include "slide_driver.hpp"
#include "slide_kernel_occ.hpp"

namespace bitsolve::rush {

BITSOLVE_TARGET_AVX2 std::size_t expand_avx2(const SlideTables& t, const SlideNodes& nodes, std::size_t head,
                                             std::size_t lanes, SlideBatch& b) {
    return detail::expand_from_occupancy(t, nodes, head, lanes, b);
}

// The driver compiled for this kernel (slide_driver.hpp).
BITSOLVE_TARGET_AVX2 void SlideSearch::run_avx2(const CompiledBoard& s, bool want_path, int max_length, Solution& sol) {
    run_with<Kernel::Avx2>(s, want_path, max_length, sol);
}

}  // namespace bitsolve::rush
