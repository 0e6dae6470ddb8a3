package dev.kickout.internal.audit;

/** The durable sink could not write or read; Redis still has the trail. */
class AuditSinkException extends RuntimeException {

    AuditSinkException(String message, Throwable cause) {
        super(message, cause);
    }
}
