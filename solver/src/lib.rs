//! The df-pn search and the J89 confirmation game (grows with issue 3).
