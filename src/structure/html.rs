//! HTML to readable text (in progress).
