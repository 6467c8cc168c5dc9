#pragma once
// Allocator for the pattern database tables: blocks of 2 MB or more are 2 MB-aligned and marked
// MADV_HUGEPAGE, so the kernel backs them with transparent huge pages where it can (Linux
// `transparent_hugepage/enabled` = always or madvise).
//
// Why: IDA* looks tables of 128-519 MB up at random. With 4 KB pages nearly every lookup also
// misses the TLB, and the page walk itself misses the caches; with 2 MB pages the TLB covers the
// whole table set. Smaller blocks (small patterns, tests) use the ordinary allocator. Where the
// kernel ignores the advice the memory is ordinary memory; nothing depends on it but speed.
#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace bitsolve::sliding::pdb {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

template <class T>
struct HugePageAllocator {
    using value_type = T;

    HugePageAllocator() noexcept = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

    static bool huge(std::size_t bytes) { return bytes >= kHugePage; }
    static std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

    T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (!huge(bytes)) return static_cast<T*>(::operator new(bytes));
        void* p = std::aligned_alloc(kHugePage, rounded(bytes));
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        ::madvise(p, rounded(bytes), MADV_HUGEPAGE);  // advice only: failure leaves normal pages
#endif
        return static_cast<T*>(p);
    }

    // resize(n) and the like leave new elements default-initialised -- bytes uninitialised --
    // instead of zeroing them: every such buffer is filled whole right after (with a value given, or
    // read from its file), and zeroing first would fault every page in before the reading starts.
    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    void deallocate(T* p, std::size_t n) noexcept {
        if (huge(n * sizeof(T))) std::free(p);
        else ::operator delete(p);
    }

    template <class U>
    bool operator==(const HugePageAllocator<U>&) const noexcept {
        return true;
    }
};

}  // namespace bitsolve::sliding::pdb
