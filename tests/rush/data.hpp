#pragma once
// The bundled Rush Hour test data: rows of Fogleman's database sample and his forty levels.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bitsolve::rush::test {

struct DbRow {
    int moves;
    std::string board;
    std::size_t cluster;
};

struct FortyRow {
    int index, moves, steps;
    std::string board;
};

inline std::vector<std::string> data_lines(const std::string& name) {
    std::ifstream in(std::string(BITSOLVE_DATA_DIR) + "/rush/" + name);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);)
        if (!l.empty() && l[0] != '#') lines.push_back(l);
    return lines;
}

inline std::vector<DbRow> db_sample() {
    std::vector<DbRow> rows;
    for (const auto& l : data_lines("fogleman-db-sample.txt")) {
        std::istringstream ss(l);
        DbRow r;
        ss >> r.moves >> r.board >> r.cluster;
        rows.push_back(r);
    }
    return rows;
}

inline std::vector<FortyRow> forty() {
    std::vector<FortyRow> rows;
    for (const auto& l : data_lines("fogleman-forty.txt")) {
        std::istringstream ss(l);
        FortyRow r;
        ss >> r.index >> r.moves >> r.steps >> r.board;
        rows.push_back(r);
    }
    return rows;
}

}  // namespace bitsolve::rush::test
