import Digests

/// The Content-Security-Policy of every page: nothing from outside, and only
/// the page's own inline script and stylesheet, allowed by their SHA-256.
enum ContentSecurityPolicy {
    static func policy(css: String, js: String) -> String {
        "default-src 'none'; script-src 'sha256-\(SHA256.base64Digest(of: js))'; "
            + "style-src 'sha256-\(SHA256.base64Digest(of: css))'; img-src data:; base-uri 'none'; form-action 'none'"
    }
}
