// The moves-metric BFS: the kernel choice and the scalar entry of the driver (slide_driver.hpp);
// the kernels are in slide_kernel*.cpp.
#include "bitsolve/rush/slide_search.hpp"

#include "slide_driver.hpp"

namespace bitsolve::rush {

void SlideSearch::set_kernel(std::optional<Kernel> k) {
    if (k && !kernel_supported(*k)) bitsolve::set_kernel(*k);  // throws the error of an unsupported kernel
    kernel_ = k;
}

void SlideSearch::run(const CompiledBoard& s, bool want_path, int max_length, Solution& sol) {
    switch (kernel_.value_or(active_kernel())) {
        case Kernel::Avx512: return run_avx512(s, want_path, max_length, sol);
        case Kernel::Avx2: return run_avx2(s, want_path, max_length, sol);
        case Kernel::Scalar: break;
    }
    run_with<Kernel::Scalar>(s, want_path, max_length, sol);
}

void SlideSearch::explore(const CompiledBoard& s, const Key* sources, std::size_t count, Options options) {
    switch (kernel_.value_or(active_kernel())) {
        case Kernel::Avx512: return explore_avx512(s, sources, count, options);
        case Kernel::Avx2: return explore_avx2(s, sources, count, options);
        case Kernel::Scalar: break;
    }
    if (options.labelled) explore_with<Kernel::Scalar, true>(s, sources, count, options);
    else explore_with<Kernel::Scalar, false>(s, sources, count, options);
}

void SlideSearch::tables_for(const CompiledBoard& s, bool scalar) {
    if (s.id() == tables_of_ && (tables_scalar_ || !scalar)) return;  // the scalar kernel's are a superset
    tables_.build(s, scalar);
    tables_of_ = s.id();
    tables_scalar_ = scalar;
}

std::pair<std::size_t, std::size_t> SlideSearch::classify(Key* packed, Key* goals) const {
    if (kernel_.value_or(active_kernel()) == Kernel::Avx512)
        return classify_avx512(tables_, keys_.data(), states_, packed, goals);
    return classify_scalar(tables_, keys_.data(), states_, packed, goals);
}

}  // namespace bitsolve::rush
