package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/all"
)

// runCompletion prints a completion script for bash, zsh or fish, made from
// the commands' real flag sets (each command is run with a flagProbe, which
// stops it once its flags are registered), so it cannot drift from them.
// Tickers, networks and venue ids come from the asset catalogue and the
// venue list.
func runCompletion(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("completion", "completion bash|zsh|fish\n\n"+
		"  bash: source <(swapscout completion bash)   (or save it in ~/.local/share/bash-completion/completions/swapscout)\n"+
		"  zsh:  swapscout completion zsh > \"${fpath[1]}/_swapscout\"   (then start a new shell)\n"+
		"  fish: swapscout completion fish > ~/.config/fish/completions/swapscout.fish", e.stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErrorf("completion needs the shell: bash, zsh or fish")
	}
	cmds, err := commandSpecs(ctx)
	if err != nil {
		return err
	}
	script, ok := completionScripts[pos[0]]
	if !ok {
		return usageErrorf("completion: unknown shell %q (bash, zsh or fish)", pos[0])
	}
	var b strings.Builder
	script(&b, cmds)
	_, err = io.WriteString(e.stdout, b.String())
	return err
}

// completionScripts writes each shell's completion script.
var completionScripts = map[string]func(b *strings.Builder, cmds []cmdSpec){"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}

// cmdSpec is what completion knows of a command.
type cmdSpec struct {
	name, summary string
	flags         []flagSpec
	args          []string // words its positional arguments take (tickers, shells); nil for none known
}

// flagSpec is one flag: whether it takes a value, and which.
type flagSpec struct {
	name, usage string
	value       bool
	values      []string // the words its value takes, when they are few and known
	path        string   // "dir" or "file" when its value is a path
}

// shells are completion's own arguments.
var shells = []string{"bash", "zsh", "fish"}

// flagValues are the words some flags take, by flag name: data where there
// is some (venue ids, networks), the flags' documented choices otherwise.
// TestCompletion checks every name is a real flag.
func flagValues() map[string][]string {
	var venues []string
	for _, d := range all.Descriptors {
		venues = append(venues, d.ID)
	}
	networks := make([]string, 0, len(swapscout.Networks))
	for n := range swapscout.Networks {
		networks = append(networks, n)
	}
	sort.Strings(networks)
	return map[string][]string{
		"venues": venues, "exclude": venues, "venue": venues,
		"from-network": networks, "to-network": networks, "network": networks,
		"custody":    {string(swapscout.Custodial), string(swapscout.NonCustodial)},
		"kyc":        {"A", "B", "C", "D"},
		"log-format": {"text", "json"},
		"log-level":  {"debug", "info", "warn", "error"},
		"transport":  {"fasthttp", "nethttp"},
	}
}

// tickers are the catalogue's tickers, for FROM and TO.
func tickers() []string {
	var out []string
	for _, a := range swapscout.Assets {
		if !slices.Contains(out, a.Ticker) {
			out = append(out, a.Ticker)
		}
	}
	sort.Strings(out)
	return out
}

// commandSpecs reads every command's flag set by running it with a probe.
func commandSpecs(ctx context.Context) ([]cmdSpec, error) {
	values := flagValues()
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []cmdSpec
	for _, n := range names {
		c := cmdSpec{name: n, summary: commands[n].summary}
		switch n {
		case "completion":
			c.args = shells
		case "quote", "swap":
			c.args = tickers()
		}
		p := &flagProbe{}
		err := commands[n].run(ctx, nil, env{getenv: noEnv, stdout: io.Discard, stderr: p})
		if !errors.Is(err, errProbed) || len(p.sets) != 1 {
			return nil, fmt.Errorf("completion: reading the flags of %s: %v", n, err)
		}
		p.sets[0].VisitAll(func(f *flag.Flag) {
			typ, usage := flag.UnquoteUsage(f)
			fl := flagSpec{name: f.Name, usage: usage, value: typ != "", values: values[f.Name]}
			switch {
			case strings.HasSuffix(f.Name, "-dir"):
				fl.path = "dir"
			case strings.HasSuffix(f.Name, "-file"):
				fl.path = "file"
			}
			c.flags = append(c.flags, fl)
		})
		out = append(out, c)
	}
	return out, nil
}

// summaryOf is the first clause of a usage text, safe inside any shell's
// quotes: no quotes, brackets, backslashes or newlines.
func summaryOf(usage string) string {
	if i := strings.IndexAny(usage, ";\n"); i > 0 {
		usage = usage[:i]
	}
	usage = strings.ReplaceAll(usage, ": ", " - ")
	usage = strings.Map(func(r rune) rune {
		switch r {
		case '\'', '"', '`', '[', ']', '\\', '$', '\n':
			return -1
		case ':':
			return ' '
		}
		return r
	}, usage)
	if len(usage) > 80 {
		usage = strings.TrimSpace(usage[:77]) + "…"
	}
	return strings.TrimSpace(usage)
}

func bashCompletion(b *strings.Builder, cmds []cmdSpec) {
	b.WriteString("# bash completion for swapscout (made by 'swapscout completion bash'):\n" +
		"#   source <(swapscout completion bash)\n" +
		"_swapscout() {\n" +
		"  local cur prev words\n" +
		"  cur=\"${COMP_WORDS[COMP_CWORD]}\"\n" +
		"  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n" +
		"  COMPREPLY=()\n" +
		"  if [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.name
	}
	fmt.Fprintf(b, "    COMPREPLY=($(compgen -W %q -- \"$cur\"))\n    return\n  fi\n", strings.Join(names, " "))
	b.WriteString("  case \"${COMP_WORDS[1]}\" in\n")
	for _, c := range cmds {
		fmt.Fprintf(b, "  %s)\n    case \"$prev\" in\n", c.name)
		for _, f := range c.flags {
			if !f.value {
				continue
			}
			switch {
			case f.path == "dir":
				fmt.Fprintf(b, "    --%s|-%s) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n", f.name, f.name)
			case f.path == "file":
				fmt.Fprintf(b, "    --%s|-%s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", f.name, f.name)
			case len(f.values) > 0:
				fmt.Fprintf(b, "    --%s|-%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", f.name, f.name, strings.Join(f.values, " "))
			default:
				fmt.Fprintf(b, "    --%s|-%s) return ;;\n", f.name, f.name)
			}
		}
		b.WriteString("    esac\n")
		var flags []string
		for _, f := range c.flags {
			flags = append(flags, "--"+f.name)
		}
		fmt.Fprintf(b, "    words=%q\n", strings.Join(flags, " "))
		if len(c.args) > 0 {
			fmt.Fprintf(b, "    [[ \"$cur\" != -* ]] && words=%q\n", strings.Join(c.args, " "))
		}
		b.WriteString("    ;;\n")
	}
	b.WriteString("  *) return ;;\n  esac\n" +
		"  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n" +
		"}\n" +
		"complete -F _swapscout swapscout\n")
}

func zshCompletion(b *strings.Builder, cmds []cmdSpec) {
	b.WriteString("#compdef swapscout\n" +
		"# zsh completion for swapscout (made by 'swapscout completion zsh'):\n" +
		"#   swapscout completion zsh > \"${fpath[1]}/_swapscout\"\n" +
		"_swapscout() {\n" +
		"  local -a commands\n" +
		"  commands=(\n")
	for _, c := range cmds {
		fmt.Fprintf(b, "    '%s:%s'\n", c.name, summaryOf(c.summary))
	}
	b.WriteString("  )\n" +
		"  if (( CURRENT == 2 )); then\n" +
		"    _describe -t commands 'swapscout command' commands\n" +
		"    return\n" +
		"  fi\n" +
		"  local cmd=$words[2]\n" +
		"  shift words\n" +
		"  (( CURRENT-- ))\n" +
		"  case $cmd in\n")
	for _, c := range cmds {
		fmt.Fprintf(b, "  %s)\n    _arguments -s \\\n", c.name)
		for _, f := range c.flags {
			spec := fmt.Sprintf("--%s[%s]", f.name, summaryOf(f.usage))
			if f.value {
				action := ""
				switch {
				case f.path == "dir":
					action = "_files -/"
				case f.path == "file":
					action = "_files"
				case len(f.values) > 0:
					action = "(" + strings.Join(f.values, " ") + ")"
				}
				spec = fmt.Sprintf("--%s=[%s]:%s:%s", f.name, summaryOf(f.usage), f.name, action)
			}
			fmt.Fprintf(b, "      '%s' \\\n", spec)
		}
		if len(c.args) > 0 {
			fmt.Fprintf(b, "      '*:argument:(%s)'\n", strings.Join(c.args, " "))
		} else {
			b.WriteString("      '*::argument:'\n")
		}
		b.WriteString("    ;;\n")
	}
	b.WriteString("  esac\n}\n\n" +
		"if [ \"$funcstack[1]\" = \"_swapscout\" ]; then\n" +
		"  _swapscout \"$@\"\n" +
		"else\n" +
		"  compdef _swapscout swapscout\n" +
		"fi\n")
}

func fishCompletion(b *strings.Builder, cmds []cmdSpec) {
	b.WriteString("# fish completion for swapscout (made by 'swapscout completion fish'):\n" +
		"#   swapscout completion fish > ~/.config/fish/completions/swapscout.fish\n" +
		"complete -c swapscout -f\n")
	for _, c := range cmds {
		fmt.Fprintf(b, "complete -c swapscout -n __fish_use_subcommand -a %s -d '%s'\n", c.name, summaryOf(c.summary))
	}
	for _, c := range cmds {
		cond := "'__fish_seen_subcommand_from " + c.name + "'"
		for _, f := range c.flags {
			line := fmt.Sprintf("complete -c swapscout -n %s -l %s -d '%s'", cond, f.name, summaryOf(f.usage))
			switch {
			case !f.value:
			case f.path == "dir":
				line += " -r -a '(__fish_complete_directories)'"
			case f.path == "file":
				line += " -r -F"
			case len(f.values) > 0:
				line += " -x -a '" + strings.Join(f.values, " ") + "'"
			default:
				line += " -x"
			}
			b.WriteString(line + "\n")
		}
		if len(c.args) > 0 {
			fmt.Fprintf(b, "complete -c swapscout -n %s -a '%s'\n", cond, strings.Join(c.args, " "))
		}
	}
}
