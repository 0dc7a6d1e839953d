//! Rebuilds `kata` whenever what it embeds changes. The fixtures are embedded as a folder, and
//! a file added to a folder is not seen by the compiler's own tracking of the files it read, so
//! cargo is told to watch the whole folder; the stage descriptions are single files.

fn main() {
    println!("cargo::rerun-if-changed=../fixtures");
    for stage in 1..=5 {
        println!("cargo::rerun-if-changed=../stages/stage{stage}/README.md");
    }
}
