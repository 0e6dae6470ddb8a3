// docs/guide/edit-locks.md shows this save of an entity with an embedded fence.
package dev.kickout.docs;

import dev.kickout.FencedWrites;
import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

@ApplicationScoped
public class ContractService {
    @PersistenceContext EntityManager em;
    @Inject FencedWrites fenced;

    @Transactional
    @RequiresEditLock(type = "contract", idParam = "contractId")
    public void amend(String contractId, String terms) {
        Contract contract = em.find(Contract.class, contractId);
        fenced.claim(em, contract, Contract::fence);
        contract.terms = terms;
    }
}
