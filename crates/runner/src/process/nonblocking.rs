//! Reading and writing the grader's ends of pipes without blocking: a leaf of `process`, for
//! the file that drives a run and the one that relays a conversation, which the first drives.

use std::io::{self, Read};
use std::os::fd::{AsRawFd, BorrowedFd};

/// What reading a pipe without blocking came to.
pub(super) struct Reading {
    /// Whether anything was read.
    pub(super) came: bool,
    /// Whether its end was read, or reading it failed: nothing more will come.
    pub(super) ended: bool,
}

/// Reads what `pipe` (which does not block) holds now into `buffer`, handing each piece to
/// `take`, until `take` wants no more or a read does not fill the buffer, which left the pipe
/// empty.
pub(super) fn read_now(
    pipe: &mut impl Read,
    buffer: &mut [u8],
    mut take: impl FnMut(&[u8]) -> bool,
) -> Reading {
    let mut came = false;
    loop {
        match pipe.read(buffer) {
            Ok(0) => return Reading { came, ended: true },
            Ok(read) => {
                came = true;
                if !take(&buffer[..read]) || read < buffer.len() {
                    return Reading { came, ended: false };
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                return Reading { came, ended: false };
            }
            Err(_) => return Reading { came, ended: true },
        }
    }
}

/// Makes reads and writes on our end of a pipe block, or return at once when they would block.
/// The program's end is a separate open file, which stays as it was.
pub(super) fn set_blocking(fd: BorrowedFd<'_>, blocking: bool) -> io::Result<()> {
    let fd = fd.as_raw_fd();
    // SAFETY: fcntl with F_GETFL and F_SETFL reads and sets the flags of an open descriptor,
    // borrowed for the call; it touches no memory of ours.
    #[allow(unsafe_code)]
    let set = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        let flags = if blocking {
            flags & !libc::O_NONBLOCK
        } else {
            flags | libc::O_NONBLOCK
        };
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags) >= 0
    };
    if set {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}
