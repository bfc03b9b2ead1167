package symbols

import (
	"context"
	"strings"
)

// javaResolver finds the importers of a Java file: the files that import
// one of its top-level types (`import a.b.C;`, a nested type or a static
// member of it, `import a.b.C.*;`) or its whole package (`import a.b.*;`).
// The package and types come from parsing the target; the file's name
// counts as a type. Files of the same package use its types without an
// import and are not listed.
func (r *Repo) javaResolver(ctx context.Context, target string) (*resolver, error) {
	content, err := r.src.ReadFile(target)
	if err != nil {
		return nil, nil
	}
	f, err := r.parser.Parse(ctx, target, content)
	if err != nil || f.Skipped != "" {
		return nil, err
	}
	types := []string{stem(target)}
	for _, s := range f.Symbols {
		if s.Parent < 0 && s.Name != types[0] && (s.Kind == KindClass || s.Kind == KindInterface || s.Kind == KindEnum) {
			types = append(types, s.Name)
		}
	}
	prefix := ""
	if f.Package != "" {
		prefix = f.Package + "."
	}
	res := &resolver{
		needles: needles(append(append([]string{}, types...), prefix+"*")...),
		imports: func(_ string, im Import) bool {
			if f.Package != "" && im.Path == prefix+"*" {
				return true
			}
			for _, t := range types {
				if im.Path == prefix+t || strings.HasPrefix(im.Path, prefix+t+".") {
					return true
				}
			}
			return false
		},
	}
	return res, nil
}
