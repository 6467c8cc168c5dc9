#pragma once
// The goal layouts of the database (DbLayouts::for_each_goal) checked against a plain search:
// exactly the goal states of the slices' clusters whose pieces other than the primary car are
// packed, each once, in its own slice (db_layouts_test.cpp for 4x4, db_engine_slow_test.cpp 5x5).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/db_layouts.hpp"
#include "rush/moves.hpp"

namespace bitsolve::rush::test {

inline void expect_goal_layouts(int size, int walls) {
    SCOPED_TRACE(std::to_string(size) + "x" + std::to_string(size) + ", walls " + std::to_string(walls));
    const DbLayouts layouts(size, walls);
    Board board;
    std::set<std::string> produced, wanted, explored;
    for (std::uint64_t s = 0; s < layouts.slice_count(); ++s) {
        layouts.for_each_goal(s, board, [&](const Board& g) {
            const std::string text = g.to_string();
            EXPECT_EQ(g.pieces[0].pos, size - 2) << text;
            EXPECT_TRUE(packed(g, 1)) << text;
            EXPECT_EQ(layouts.slice_of(g), s) << text;
            EXPECT_TRUE(produced.insert(text).second) << "twice: " << text;
        });
        // Every cluster of the slice's layouts, once: its goals with the other pieces packed.
        layouts.for_each(s, board, [&](const Board& l) {
            if (explored.count(l.to_string())) return;
            const CompiledBoard space(l);
            std::vector<Key> todo{space.start()};
            std::set<Key> seen{space.start()};
            while (!todo.empty()) {
                const Key k = todo.back();
                todo.pop_back();
                const Board b = space.decode(k);
                explored.insert(b.to_string());
                if (space.is_goal(k) && packed(b, 1)) wanted.insert(b.to_string());
                test::for_each_move<false>(space, k, [&](Key child, int, int) {
                    if (seen.insert(child).second) todo.push_back(child);
                });
            }
        });
    }
    EXPECT_FALSE(wanted.empty());
    EXPECT_EQ(produced, wanted);
}

}  // namespace bitsolve::rush::test
