package archive

import "syscall"

func mtimeNS(st *syscall.Stat_t) int64 { return st.Mtim.Nano() }

// ctimeNS is the change time: it moves with any change to a folder's
// entries and cannot be set back.
func ctimeNS(st *syscall.Stat_t) int64 { return st.Ctim.Nano() }
