//! Analysis.
