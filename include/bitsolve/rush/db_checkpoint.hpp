#pragma once
// The checkpoint of a database run: an append-only journal of finished slices.
//
// Format (text). The first line is written once, through a temporary file and a rename:
//   bitsolve-rush-checkpoint 4 size 6 walls 0 shard 0/1 slices 1024
// (4: the format number; a journal of another one, from an earlier engine, is refused.)
// then one record per finished slice, appended with a single write() as the slice finishes:
//   slice 17 layouts L canonical C solvable S rows R states X
//   <R rows, `moves board cluster_size`>
//   end 17 <FNV-1a 64 of the record's bytes before this line, 16 hex digits>
// Appending never rewrites what is there, so saving costs the size of the new records only, and
// a crash or kill at any moment leaves every earlier record intact. When reopening, a last
// record cut short by the end of the file (a write that a crash interrupted) is dropped and cut
// off; anything else that does not parse or whose checksum is wrong makes the whole file refused
// (InputError naming the line), as does a file of other parameters or another shard.
#include <cstdint>
#include <map>
#include <string>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"

namespace bitsolve::rush {

class DbJournal {
public:
    // Opens the checkpoint at `path`, creating it when it does not exist; reads its finished
    // slices. Throws InputError (naming the file) for a foreign, corrupt or unwritable file.
    DbJournal(const std::string& path, const DbParams& params, DbShard shard, std::uint64_t slices);
    ~DbJournal();
    DbJournal(const DbJournal&) = delete;
    DbJournal& operator=(const DbJournal&) = delete;

    // The slices found finished when the file was opened; moved out by the run loop.
    std::map<std::uint64_t, DbSlice>& finished() { return finished_; }
    void append(std::uint64_t slice, const DbSlice& result);
    void sync();  // fsync: what was appended is on disk

private:
    std::string path_;
    int fd_ = -1;
    std::map<std::uint64_t, DbSlice> finished_;
};

// The header line (with its '\n') and the record of one slice, as written to the journal.
std::string journal_header(const DbParams& params, DbShard shard, std::uint64_t slices);
std::string journal_record(std::uint64_t slice, const DbSlice& result);

}  // namespace bitsolve::rush
