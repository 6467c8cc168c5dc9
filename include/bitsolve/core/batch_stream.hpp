#pragma once
// Batches of independent lines, streamed in chunks: lines are parsed in input order, each chunk
// of parsed items is solved in parallel, and its results are handed out in input order before
// the next chunk is read. Memory is one chunk of items whatever the length of the batch (a
// hostile file of millions of short bad lines costs no more than the input itself, where one
// item per line would cost a hundred bytes or more each), and answers start before the whole
// batch is solved. Results never depend on the thread count or the chunk size: each item is
// solved on its own and emitted in order.
#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve {

inline constexpr std::size_t kBatchChunk = 1024;

// Item needs a `bool done` member, set by solve (or by parse, for an item with nothing to
// solve). parse(const Line&) -> Item for each line that is not blank or a comment;
// solve(Item&) runs in parallel_for; emit(Item&) gets each finished item in input order.
// A stop (timeout, signal) makes parallel_for hand out no more items: emitting ends at the first
// item that is not done, and the function returns false. Returns true when every line was
// emitted.
template <class Item, class Parse, class Solve, class Emit>
bool stream_batch(std::string_view text, unsigned threads, Parse&& parse, Solve&& solve, Emit&& emit,
                  std::size_t chunk = kBatchChunk) {
    std::vector<Item> items;
    items.reserve(std::min<std::size_t>(chunk, 1024));
    auto finish_chunk = [&]() -> bool {
        parallel_for(items.size(), threads, [&](std::size_t i) {
            if (!items[i].done) solve(items[i]);
        });
        for (Item& item : items) {
            if (!item.done) return false;
            emit(item);
        }
        items.clear();
        return true;
    };
    for (const Line& line : lines_of(text)) {
        if (is_blank_or_comment(line.text)) continue;
        items.push_back(parse(line));
        if (items.size() == chunk && !finish_chunk()) return false;
    }
    return finish_chunk();
}

}  // namespace bitsolve
