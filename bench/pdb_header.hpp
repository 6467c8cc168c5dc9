#pragma once
// The header of a cached pattern database file, for the benchmark programs that measure one
// (pdb_form_bench, pdb_delta_bench): read and parsed, or one line on stderr saying why not.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <vector>

#include "bitsolve/sliding/pdb/cache.hpp"

inline bool read_pdb_header(const char* file, bitsolve::sliding::pdb::PdbHeader& header) {
    using namespace bitsolve::sliding::pdb;
    std::ifstream in(file, std::ios::binary);
    std::vector<std::uint8_t> head(kPdbHeaderSize);
    if (!in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()))) {
        std::fprintf(stderr, "%s: cannot read its header\n", file);
        return false;
    }
    try {
        header = parse_header(head);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", file, e.what());
        return false;
    }
    return true;
}
