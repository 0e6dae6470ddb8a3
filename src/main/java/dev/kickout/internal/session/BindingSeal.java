package dev.kickout.internal.session;

import dev.kickout.internal.redis.RedisKeys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The token of the Kickout session bound to a distributable {@code HttpSession}, as Redis keeps it for
 * the instances whose copy of that {@code HttpSession} has not caught up yet: sealed (AES-256-GCM) with a
 * key derived from the {@code HttpSession}'s id, under a name derived from the id too. Redis holds
 * neither the id nor the token; whoever can open the seal holds the {@code HttpSession}'s cookie, which
 * signs its holder in anyway.
 */
final class BindingSeal {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private BindingSeal() {
    }

    /** The name the sealed token is kept under. */
    static String name(String httpSessionId) {
        return RedisKeys.secretHash("kickout binding name\0" + httpSessionId);
    }

    static String seal(String httpSessionId, String token) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            byte[] sealed = cipher(Cipher.ENCRYPT_MODE, httpSessionId, new GCMParameterSpec(TAG_BITS, nonce))
                    .doFinal(token.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every Java runtime", e);
        }
    }

    /** The token sealed for that {@code HttpSession} id; empty when the seal is another id's, altered, or no seal. */
    static Optional<String> open(String httpSessionId, String sealed) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(sealed);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (bytes.length <= NONCE_BYTES + TAG_BITS / 8) {
            return Optional.empty();
        }
        try {
            byte[] token = cipher(Cipher.DECRYPT_MODE, httpSessionId, new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES))
                    .doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES);
            return Optional.of(new String(token, StandardCharsets.UTF_8));
        } catch (AEADBadTagException e) {
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every Java runtime", e);
        }
    }

    private static Cipher cipher(int mode, String httpSessionId, GCMParameterSpec nonce) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(RedisKeys.sha256("kickout binding key\0" + httpSessionId), "AES"), nonce);
        return cipher;
    }
}
