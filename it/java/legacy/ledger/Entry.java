package legacy.ledger;

import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTransient;

/** A JSON-B-annotated DTO: its JSON shows whether JSON-B wrote it ({@code account_no}, no {@code memo}). */
public class Entry {

    @JsonbProperty("account_no")
    public String accountNo;
    @JsonbTransient
    public String memo;
    public long cents;
}
