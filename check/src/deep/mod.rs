//! deep
