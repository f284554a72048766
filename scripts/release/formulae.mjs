// The Homebrew formula (secscan.rb) and the Scoop manifest (secscan.json) of a release: each names the
// release's executables by their URL on GitHub and their SHA-256, so they are made after the executables
// and before SHA256SUMS, which lists them too. They install from the repository the release is made for
// (--repo): without one there is no URL to name, and the release makes neither (it says so).
//
// Where they go (docs/guide/install.md): the formula into a tap, a repository OWNER/homebrew-secscan, as
// Formula/secscan.rb (`brew install OWNER/secscan/secscan`); the manifest is installed by its URL
// (`scoop install https://github.com/OWNER/NAME/releases/download/vX.Y.Z/secscan.json`) or put in a bucket.

/** A double-quoted Ruby string of plain text: JSON's escapes, and `#` escaped (no interpolation). */
const ruby = (text) => JSON.stringify(text).replaceAll('#', '\\#');

/**
 * The formula: on macOS the x86_64 executable (natively on Intel, under Rosetta 2 on Apple silicon), on
 * Linux the executable of the machine's architecture; the man pages from the release's npm tarball; the
 * completions made by the executable itself (`secscan completion bash|zsh|fish`).
 */
export function formula({ repo, version, sums, tarball, manDir, summary, licence }) {
  const base = `https://github.com/${repo}/releases/download/v${version}`;
  const asset = (file, indent) => {
    if (!sums[file]) throw new Error(`the formula names ${file}, which the release does not have`);
    return `${indent}url ${ruby(`${base}/${file}`)}\n${indent}sha256 ${ruby(sums[file])}\n`;
  };
  return (
    `# secscan ${version}, from the release v${version} of github.com/${repo}: made by its \`npm run release\`.\n` +
    `# Put it in a tap (a repository ${repo.split('/')[0]}/homebrew-secscan, as Formula/secscan.rb); then\n` +
    `# \`brew install ${repo.split('/')[0]}/secscan/secscan\`.\n` +
    'class Secscan < Formula\n' +
    // Homebrew's audit wants a description that starts with a capital letter.
    `  desc ${ruby(summary.charAt(0).toUpperCase() + summary.slice(1))}\n` +
    `  homepage ${ruby(`https://github.com/${repo}`)}\n` +
    `  version ${ruby(version)}\n` +
    `  license ${ruby(licence)}\n\n` +
    '  on_macos do\n' +
    '    # The x86_64 executable: natively on Intel, under Rosetta 2 on Apple silicon.\n' +
    asset('secscan-darwin-x64', '    ') +
    '  end\n\n' +
    '  on_linux do\n' +
    '    on_intel do\n' +
    asset('secscan-linux-x64', '      ') +
    '    end\n' +
    '    on_arm do\n' +
    asset('secscan-linux-arm64', '      ') +
    '    end\n' +
    '  end\n\n' +
    '  # The man pages, from the npm tarball of the same release.\n' +
    '  resource "man" do\n' +
    asset(tarball, '    ') +
    '  end\n\n' +
    '  def install\n' +
    '    bin.install Dir["secscan-*"].fetch(0) => "secscan"\n' +
    `    resource("man").stage { man1.install Dir[${ruby(`${manDir}/*.1`)}] }\n` +
    '    generate_completions_from_executable(bin/"secscan", "completion")\n' +
    '  end\n\n' +
    '  test do\n' +
    '    assert_equal version.to_s, shell_output("#{bin}/secscan --version").strip\n' +
    '  end\n' +
    'end\n'
  );
}

/** The Scoop manifest: the Windows x64 executable as secscan.exe, and how Scoop finds the next release. */
export function manifest({ repo, version, sums, summary, licence }) {
  const file = 'secscan-win-x64.exe';
  if (!sums[file]) throw new Error(`the manifest names ${file}, which the release does not have`);
  const base = `https://github.com/${repo}/releases/download`;
  return `${JSON.stringify(
    {
      version,
      description: summary,
      homepage: `https://github.com/${repo}`,
      license: licence,
      architecture: {
        '64bit': { url: `${base}/v${version}/${file}#/secscan.exe`, hash: sums[file] },
      },
      bin: 'secscan.exe',
      checkver: { github: `https://github.com/${repo}` },
      autoupdate: {
        architecture: { '64bit': { url: `${base}/v$version/${file}#/secscan.exe` } },
        hash: { url: '$baseurl/SHA256SUMS' },
      },
    },
    null,
    2,
  )}\n`;
}
