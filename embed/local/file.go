package local

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"syscall"
)

// FileName is the model's file in the archive's folder.
const FileName = "meaning-model.bin"

// fileMagic starts a model file; the last byte is the format's version.
const fileMagic = "HNSDLM\x00\x01"

// ErrBadFile is returned for a file that is not a whole model.
var ErrBadFile = errors.New("local: not a model file")

// Save writes the model to path (mode 0600), whole or not at all: a
// temporary file beside it renamed into place.
func (m *Model) Save(path string) error {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	put := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	put(uint32(m.dims))
	put(uint32(len(m.words)))
	put(m.info.Texts)
	put(m.info.Tokens)
	put(m.info.Archived)
	for _, w := range m.words {
		put(uint16(len(w)))
		b.WriteString(w)
	}
	put(m.idf)
	put(m.vecs)
	put(crc32.ChecksumIEEE(b.Bytes()))
	tmp, err := os.CreateTemp(filepath.Dir(path), ".meaning-model-*")
	if err != nil {
		return fmt.Errorf("local: save model: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("local: save model: %w", err)
	}
	if _, err := tmp.Write(b.Bytes()); err != nil {
		tmp.Close()
		return fmt.Errorf("local: save model: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("local: save model: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("local: save model: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("local: save model: %w", err)
	}
	return nil
}

// ErrLink is returned for a model file that is a symbolic link: the
// archive's folder follows none.
var ErrLink = errors.New("local: the model file is a symbolic link")

// Load reads a model Save wrote. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist); a damaged one ErrBadFile; a link ErrLink.
func Load(path string) (*Model, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("local: load model %s: %w", path, ErrLink)
	}
	if err != nil {
		return nil, fmt.Errorf("local: load model: %w", err)
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("local: load model: %w", err)
	}
	m, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("local: load model %s: %w", path, err)
	}
	return m, nil
}

func decode(data []byte) (*Model, error) {
	if len(data) < len(fileMagic)+4 || string(data[:len(fileMagic)]) != fileMagic {
		return nil, ErrBadFile
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrBadFile)
	}
	r := bufio.NewReader(bytes.NewReader(body[len(fileMagic):]))
	var dims, n uint32
	var info TrainInfo
	for _, v := range []any{&dims, &n, &info.Texts, &info.Tokens, &info.Archived} {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
		}
	}
	if dims == 0 || dims > 4096 || uint64(n)*uint64(dims)*4 > uint64(len(body)) {
		return nil, fmt.Errorf("%w: %d words of %d dimensions", ErrBadFile, n, dims)
	}
	words := make([]string, n)
	for i := range words {
		var l uint16
		if err := binary.Read(r, binary.LittleEndian, &l); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
		}
		w := make([]byte, l)
		if _, err := io.ReadFull(r, w); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
		}
		words[i] = string(w)
	}
	idf := make([]float32, n)
	vecs := make([]float32, int(n)*int(dims))
	for _, v := range []any{idf, vecs} {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: trailing bytes", ErrBadFile)
	}
	for _, v := range vecs {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, fmt.Errorf("%w: a vector holds %v", ErrBadFile, v)
		}
	}
	return newModel(int(dims), words, idf, vecs, info), nil
}

// Due reports whether an archive that now holds size (in the measure of
// Options.Archived) should learn a model, when the last one was learned at
// trained (0: none yet): once it holds MinArchived, and again each time it
// has grown Growth times.
func Due(trained, size int64) bool {
	if size < MinArchived {
		return false
	}
	return trained == 0 || size >= Growth*trained
}

// MinArchived is how many messages an archive needs before a model is
// learned from it; Growth the factor it must grow by to learn a new one.
const (
	MinArchived = 500
	Growth      = 2
)
